import { msg } from '@marketplace/shared';
import { useSyncExternalStore } from 'react';
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

const dismissListeners = new Set<() => void>();
const dismissedStore = {
  subscribe(listener: () => void) {
    dismissListeners.add(listener);
    return () => dismissListeners.delete(listener);
  },
};
let dismissedThisView = false;
const isDismissed = () => dismissedThisView || readDismissed();

/**
 * Spec 1: a dismissible notice; closing it lasts for the browser session. The server draws
 * it (it cannot see the session), so a page hydrates with it and then hides it.
 */
export function ConstructionBanner() {
  const { t } = useI18n();
  const dismissed = useSyncExternalStore(dismissedStore.subscribe, isDismissed, () => false);
  if (dismissed) return null;

  const dismiss = () => {
    try {
      sessionStorage.setItem(BANNER_DISMISSED_KEY, 'true');
    } catch {
      // Storage may be unavailable (private mode): the banner still closes for this page view.
    }
    dismissedThisView = true;
    dismissListeners.forEach((listener) => listener());
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
