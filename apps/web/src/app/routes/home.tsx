import '../../features/home/home.css';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useI18n } from '../../i18n/i18n-context';
import { lazySection } from '../../lib/lazy-section';

// Drawn by the server; their code follows the first load (decision 031): the carousel's
// controls and drawings, and what is below the fold.
const HeroCarousel = lazySection(() =>
  import('../../features/home/components/hero-carousel').then((m) => m.HeroCarousel),
);
const DiscoverSection = lazySection(() =>
  import('../../features/home/components/discover-section').then((m) => m.DiscoverSection),
);
const ExploreSection = lazySection(() =>
  import('../../features/home/components/explore-section').then((m) => m.ExploreSection),
);

export default function HomeRoute() {
  const { t } = useI18n();
  useDocumentTitle(t('Discover Local Brands'));
  return (
    <div className="home-page">
      <h1 className="visually-hidden">{t('Discover Local Brands')}</h1>
      <HeroCarousel />
      <DiscoverSection />
      <ExploreSection />
    </div>
  );
}
