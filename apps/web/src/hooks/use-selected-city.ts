import { CITIES, DEFAULT_CITY, type City } from '@marketplace/shared';
import { useSyncExternalStore } from 'react';

export const CITY_STORAGE_KEY = 'city';
/** What the city select stores for "All cities" (issue 39.6): a choice kept like a city. */
export const ALL_CITIES_CHOICE = 'ALL';
const CITY_CHANGED = 'local-brands:city';

/**
 * The city the shopper chose, undefined for "All cities". Kept as text, so that the snapshot
 * useSyncExternalStore compares stays the same between two reads.
 */
function readChoice(): string {
  const stored =
    typeof localStorage === 'undefined' ? null : localStorage.getItem(CITY_STORAGE_KEY);
  if (stored === ALL_CITIES_CHOICE) return ALL_CITIES_CHOICE;
  return (CITIES as readonly string[]).includes(stored ?? '') ? stored! : DEFAULT_CITY;
}

const cityOf = (choice: string): City | undefined =>
  choice === ALL_CITIES_CHOICE ? undefined : (choice as City);

/** The remembered city, read once (components use useSelectedCity); undefined: all cities. */
export function readCity(): City | undefined {
  return cityOf(readChoice());
}

/** Chooses a city, or all of them (undefined). */
export function setSelectedCity(city: City | undefined): void {
  localStorage.setItem(CITY_STORAGE_KEY, city ?? ALL_CITIES_CHOICE);
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

/**
 * The shopper's city (DESIGN 5): remembered, and the same for every component that asks;
 * undefined when the shopper chose "All cities" (issue 39.6).
 */
export function useSelectedCity(): [City | undefined, (city: City | undefined) => void] {
  const choice = useSyncExternalStore(subscribe, readChoice, () => DEFAULT_CITY);
  return [cityOf(choice), setSelectedCity];
}
