import {
  lazy,
  memo,
  Suspense,
  useState,
  type ComponentType,
  type NamedExoticComponent,
} from 'react';

const loaders = new Set<() => Promise<unknown>>();

/**
 * A component loaded once, when first asked for (`get`): `current()` is React.lazy until it
 * has landed and the component itself after, so what mounts once it is there renders at once
 * (no Suspense), as the server and a hydrating browser that preloaded it need.
 */
export function loadedOnce<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const get = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => get().then((component) => ({ default: component })));
  return { get, current: (): ComponentType<Props> => loaded ?? Lazy };
}

/** Loads every lazy section's chunk: the server before its first render, the browser when it renders without server HTML. */
export function preloadSections(): Promise<void> {
  return Promise.all([...loaders].map((load) => load())).then(() => undefined);
}

/**
 * A part of a page whose code is not in the first load (decision 031): below the fold or
 * behind a click, but drawn by the server like the rest. Its chunk loads when React first
 * renders it; meanwhile a server-rendered section keeps its HTML (React hydrates it when the
 * chunk lands, and replays a click made on it before), and a client-rendered one shows nothing.
 * Its props must stay the same objects while it waits to hydrate (it is a memo): React gives
 * up hydrating a waiting section that is rendered again with new props, and draws it anew
 * (words typed in it are lost). React does not replay typing into a section waiting for its
 * code: a field in one takes the value it finds in the page when it mounts (the search box).
 * A section mounted before its chunk arrived stays on React.lazy for its lifetime.
 */
export function lazySection<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): NamedExoticComponent<Props> {
  const section = loadedOnce(load);
  loaders.add(section.get);
  function Section(props: Props) {
    const [Component] = useState(section.current);
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return memo(Section);
}
