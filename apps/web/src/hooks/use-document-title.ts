import { useEffect } from 'react';

const SITE_NAME = 'LOCAL BRANDS';

/** Each page names itself in the tab title, which screen readers also announce on navigation. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
