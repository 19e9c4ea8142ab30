import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { registerNavigator } from '../lib/navigation';
import { lazyPage } from './lazy-page';
import { requireSession, userPageGuard } from './route-guards';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

const home = lazyPage('home', () => import('./routes/home'));

/** Every route of spec 2; each page is its own chunk so the first load stays small. */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    children: [
      {
        // A page's error keeps the navigation bar and footer around it.
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: home },
          { path: 'home', lazy: home },
          { path: 'about', lazy: lazyPage('about', () => import('./routes/about')) },
          { path: 'products', lazy: lazyPage('products', () => import('./routes/products')) },
          {
            path: 'product/:id',
            lazy: lazyPage('product-detail', () => import('./routes/product-detail')),
          },
          {
            path: 'shopping-bag',
            loader: requireSession,
            lazy: lazyPage('shopping-bag', () => import('./routes/shopping-bag')),
          },
          { path: 'checkout', lazy: lazyPage('checkout', () => import('./routes/checkout')) },
          {
            path: 'checkout/success',
            lazy: lazyPage('checkout-success', () => import('./routes/checkout-success')),
          },
          {
            path: 'checkout/cancel',
            lazy: lazyPage('checkout-cancel', () => import('./routes/checkout-cancel')),
          },
          {
            path: 'seller-home',
            lazy: lazyPage('seller-home', () => import('./routes/seller-home')),
          },
          { path: 'login', lazy: lazyPage('login', () => import('./routes/login')) },
          { path: 'signup', lazy: lazyPage('signup', () => import('./routes/signup')) },
          {
            path: 'forgot-password',
            lazy: lazyPage('forgot-password', () => import('./routes/forgot-password')),
          },
          {
            path: 'reset-password',
            lazy: lazyPage('reset-password', () => import('./routes/reset-password')),
          },
          { path: 'storePage', lazy: lazyPage('stores', () => import('./routes/stores')) },
          {
            path: 'store/:storeId',
            lazy: lazyPage('store-detail', () => import('./routes/store-detail')),
          },
          {
            path: 'admin',
            loader: requireSession,
            lazy: lazyPage('admin', () => import('./routes/admin')),
          },
          {
            path: 'user',
            loader: userPageGuard,
            lazy: lazyPage('user', () => import('./routes/user')),
          },
          { path: '*', lazy: lazyPage('not-found', () => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Lets the API client send people to /login through the router (no full page reload). */
export function connectNavigator(router: Pick<AppRouter, 'navigate' | 'state'>): void {
  registerNavigator((to) => {
    void router.navigate(to, { replace: router.state.location.pathname === to });
  });
}

export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(appRoutes);
  connectNavigator(router);
  return router;
}
