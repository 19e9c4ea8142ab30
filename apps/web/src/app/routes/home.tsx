import { DiscoverSection } from '../../features/home/components/discover-section';
import { ExploreSection } from '../../features/home/components/explore-section';
import { HeroCarousel } from '../../features/home/components/hero-carousel';
import { useDocumentTitle } from '../../hooks/use-document-title';

export default function HomeRoute() {
  useDocumentTitle('Discover Local Brands');
  return (
    <div className="home-page">
      <h1 className="visually-hidden">Discover Local Brands</h1>
      <HeroCarousel />
      <DiscoverSection />
      <ExploreSection />
    </div>
  );
}
