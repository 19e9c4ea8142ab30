import { msg } from '@marketplace/shared';
import { useState } from 'react';
import { useI18n } from '../../i18n/i18n-context';

export const BANNER_DISMISSED_KEY = 'constructionBannerDismissed';
export const CONSTRUCTION_NOTICE = msg(
  'This site is under construction: images are placeholders and the payment system is not yet operational.',
);

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(BANNER_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Spec 1: a dismissible notice; closing it lasts for the browser session. */
export function ConstructionBanner() {
  const { t } = useI18n();
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed) return null;

  const dismiss = () => {
    try {
      sessionStorage.setItem(BANNER_DISMISSED_KEY, 'true');
    } catch {
      // Storage may be unavailable (private mode): the banner still closes for this page view.
    }
    setDismissed(true);
  };

  return (
    <div className="construction-banner" role="region" aria-label={t('Site notice')}>
      <p className="construction-banner__text">{t(CONSTRUCTION_NOTICE)}</p>
      <button
        type="button"
        className="btn-close btn-close-white"
        aria-label={t('Dismiss site notice')}
        onClick={dismiss}
      />
    </div>
  );
}
