import { DiscoverSection } from '../../features/home/components/discover-section';
import { ExploreSection } from '../../features/home/components/explore-section';
import { HeroCarousel } from '../../features/home/components/hero-carousel';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useI18n } from '../../i18n/i18n-context';

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
