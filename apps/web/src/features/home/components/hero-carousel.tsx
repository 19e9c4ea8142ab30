import { msg } from '@marketplace/shared';
import { useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../../i18n/i18n-context';
import { useSwipe } from '../hooks/use-swipe';
import { DenimArt, KnitArt } from './hero-art';

interface HeroSlide {
  eyebrow: string;
  title: string;
  description: string;
  Art: ComponentType;
  /** The art's own background, so the frame around it matches at any width. */
  tone: 'ink' | 'sand';
}

const SLIDES: HeroSlide[] = [
  {
    eyebrow: msg('New season'),
    title: msg('Made close to home'),
    description: msg(
      'Denim, knitwear and everyday pieces from independent labels in your city, shipped straight from the people who make them.',
    ),
    Art: DenimArt,
    tone: 'ink',
  },
  {
    eyebrow: msg('Local makers'),
    title: msg('Small runs, lasting pieces'),
    description: msg(
      'Brands that cut, sew and knit in small batches, chosen for craft you can see and clothes you will wear for years.',
    ),
    Art: KnitArt,
    tone: 'sand',
  },
];

/** Spec 2's two slides, each with Mens and Womens buttons that open the filtered list. */
const SHOP_LINKS = [
  { label: msg('Mens'), to: '/products?category=men' },
  { label: msg('Womens'), to: '/products?category=women' },
];

/**
 * The home page's hero. It does not move on its own (nothing slides away while someone reads);
 * the arrows, the slide buttons and a swipe change it. The slides sit side by side on a track
 * that slides; the hidden one is inert (out of the tab order and the accessibility tree).
 */
export function HeroCarousel() {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const count = SLIDES.length;
  const show = (next: number) => setIndex((next + count) % count);
  const swipe = useSwipe({
    onSwipeLeft: () => show(index + 1),
    onSwipeRight: () => show(index - 1),
  });

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label={t('Featured collections')}
    >
      <div className="hero__viewport" {...swipe}>
        <div className="hero__track" style={{ transform: `translateX(${index * -100}%)` }}>
          {SLIDES.map(({ eyebrow, title, description, Art, tone }, i) => (
            <div
              key={title}
              className="hero__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('{position} of {count}', { position: i + 1, count })}
              inert={i !== index}
            >
              <div className="hero-slide">
                <div className={`hero-slide__art hero-slide__art--${tone}`}>
                  <Art />
                </div>
                <div className="hero-slide__text">
                  <p className="eyebrow">{t(eyebrow)}</p>
                  <h2 className="hero-slide__title">{t(title)}</h2>
                  <p className="hero-slide__description">{t(description)}</p>
                  <div className="hero-slide__actions">
                    {SHOP_LINKS.map((link) => (
                      <Link key={link.label} to={link.to} className="btn btn-primary">
                        {t(link.label)}
                      </Link>
                    ))}
                  </div>
                </div>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="hero__controls">
        <button
          type="button"
          className="hero__arrow"
          aria-label={t('Previous slide')}
          onClick={() => show(index - 1)}
        >
          <span aria-hidden="true">←</span>
        </button>
        {SLIDES.map((slide, i) => (
          <button
            key={slide.title}
            type="button"
            className="hero__dot"
            aria-label={t('Show slide {position}: {title}', {
              position: i + 1,
              title: t(slide.title),
            })}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => show(i)}
          />
        ))}
        <button
          type="button"
          className="hero__arrow"
          aria-label={t('Next slide')}
          onClick={() => show(index + 1)}
        >
          <span aria-hidden="true">→</span>
        </button>
      </div>
    </section>
  );
}
