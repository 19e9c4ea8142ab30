import { ProductCatalog } from '../../features/catalog/components/product-catalog';
import { useDocumentTitle } from '../../hooks/use-document-title';

export default function ProductsRoute() {
  useDocumentTitle('Products');
  return <ProductCatalog />;
}
