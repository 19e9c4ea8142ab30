import { Suspense, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { registerNavigator } from '../lib/navigation';
import { lazyPage } from './lazy-page';
import { Guarded, requireSession, userPageGuard } from './route-guards';
import HomeRoute from './routes/home';
import { RootLayout } from './routes/root-layout';
import { RouteErrorBoundary } from './routes/route-error';

const About = lazyPage('about', () => import('./routes/about'));
const Products = lazyPage('products', () => import('./routes/products'));
const ProductDetail = lazyPage('product-detail', () => import('./routes/product-detail'));
const ShoppingBag = lazyPage('shopping-bag', () => import('./routes/shopping-bag'));
const Checkout = lazyPage('checkout', () => import('./routes/checkout'));
const CheckoutSuccess = lazyPage('checkout-success', () => import('./routes/checkout-success'));
const CheckoutCancel = lazyPage('checkout-cancel', () => import('./routes/checkout-cancel'));
const SellerHome = lazyPage('seller-home', () => import('./routes/seller-home'));
const Login = lazyPage('login', () => import('./routes/login'));
const Signup = lazyPage('signup', () => import('./routes/signup'));
const ForgotPassword = lazyPage('forgot-password', () => import('./routes/forgot-password'));
const ResetPassword = lazyPage('reset-password', () => import('./routes/reset-password'));
const RevertEmail = lazyPage('revert-email', () => import('./routes/revert-email'));
const Stores = lazyPage('stores', () => import('./routes/stores'));
const StoreDetail = lazyPage('store-detail', () => import('./routes/store-detail'));
const Admin = lazyPage('admin', () => import('./routes/admin'));
const User = lazyPage('user', () => import('./routes/user'));
const Operator = lazyPage('operator', () => import('./routes/operator'));
const NotFound = lazyPage('not-found', () => import('./routes/not-found'));

/**
 * Every route of spec 2. Each page is its own chunk so the first load stays small, except the
 * home page, where most visits start: it comes with the app rather than one round trip later.
 * The layout shows a page's errors (RouteErrorBoundary).
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'home', element: <HomeRoute /> },
      { path: 'about', element: <About /> },
      { path: 'products', element: <Products /> },
      { path: 'product/:id', element: <ProductDetail /> },
      {
        path: 'shopping-bag',
        element: (
          <Guarded guard={requireSession}>
            <ShoppingBag />
          </Guarded>
        ),
      },
      { path: 'checkout', element: <Checkout /> },
      { path: 'checkout/success', element: <CheckoutSuccess /> },
      { path: 'checkout/cancel', element: <CheckoutCancel /> },
      { path: 'seller-home', element: <SellerHome /> },
      { path: 'login', element: <Login /> },
      { path: 'signup', element: <Signup /> },
      { path: 'forgot-password', element: <ForgotPassword /> },
      { path: 'reset-password', element: <ResetPassword /> },
      { path: 'revert-email', element: <RevertEmail /> },
      { path: 'storePage', element: <Stores /> },
      { path: 'store/:storeId', element: <StoreDetail /> },
      {
        path: 'admin',
        element: (
          <Guarded guard={requireSession}>
            <Admin />
          </Guarded>
        ),
      },
      {
        path: 'operator',
        element: (
          <Guarded guard={requireSession}>
            <Operator />
          </Guarded>
        ),
      },
      {
        path: 'user',
        element: (
          <Guarded guard={userPageGuard}>
            <User />
          </Guarded>
        ),
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/**
 * Lets the API client send people to /login through the router (no full page reload); going
 * to the page already shown replaces it rather than stacking a second history entry.
 */
function NavigatorBridge() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const currentPath = useRef(pathname);
  useEffect(() => {
    currentPath.current = pathname;
  }, [pathname]);
  useEffect(() => {
    registerNavigator((to) => {
      void navigate(to, { replace: currentPath.current === to });
    });
    return () => registerNavigator(null);
  }, [navigate]);
  return null;
}

/**
 * The app's pages, inside a BrowserRouter (or a MemoryRouter in tests). On the first load the
 * page loader stands in for the whole page until its chunk is there (no header-then-page jump);
 * later navigations are transitions, which keep the current page up meanwhile.
 */
export function AppRoutes({ routes = appRoutes }: { routes?: RouteObject[] }) {
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary>
      <NavigatorBridge />
      <Suspense fallback={<PageLoader />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}
