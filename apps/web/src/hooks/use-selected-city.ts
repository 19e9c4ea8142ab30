import { CITIES, DEFAULT_CITY, type City } from '@marketplace/shared';
import { useSyncExternalStore } from 'react';

export const CITY_STORAGE_KEY = 'city';
const CITY_CHANGED = 'local-brands:city';

/** The remembered city, read once (components use useSelectedCity). */
export function readCity(): City {
  const stored =
    typeof localStorage === 'undefined' ? null : localStorage.getItem(CITY_STORAGE_KEY);
  return (CITIES as readonly string[]).includes(stored ?? '') ? (stored as City) : DEFAULT_CITY;
}

export function setSelectedCity(city: City): void {
  localStorage.setItem(CITY_STORAGE_KEY, city);
  window.dispatchEvent(new Event(CITY_CHANGED));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CITY_CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CITY_CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The shopper's city (DESIGN 5): remembered, and the same for every component that asks. */
export function useSelectedCity(): [City, (city: City) => void] {
  const city = useSyncExternalStore(subscribe, readCity, () => DEFAULT_CITY);
  return [city, setSelectedCity];
}
