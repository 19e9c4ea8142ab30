import { ProductCatalog } from '../../features/catalog/components/product-catalog';

/** The catalog titles the page itself: the chosen categories name it (issue 13). */
export default function ProductsRoute() {
  return <ProductCatalog />;
}
