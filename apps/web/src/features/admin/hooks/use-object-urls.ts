import { useCallback, useEffect, useRef } from 'react';

/**
 * Preview URLs for chosen files. They are made when files are picked (not during render) and
 * revoked when a file is dropped or the form goes away, so no blob outlives its preview.
 */
export function useObjectUrls() {
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const created = urls.current;
    return () => {
      for (const url of created) URL.revokeObjectURL(url);
      created.clear();
    };
  }, []);

  const create = useCallback((file: File): string | null => {
    // jsdom and very old browsers have no object URLs: the file's name still shows.
    if (typeof URL.createObjectURL !== 'function') return null;
    const url = URL.createObjectURL(file);
    urls.current.add(url);
    return url;
  }, []);

  const revoke = useCallback((url: string | null) => {
    if (!url) return;
    URL.revokeObjectURL(url);
    urls.current.delete(url);
  }, []);

  return { create, revoke };
}
