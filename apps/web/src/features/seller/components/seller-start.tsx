import { Link } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { LOGIN_PATH, SIGNUP_PATH, authUrl } from '../../../lib/login-return';
import { useI18n } from '../../../i18n/i18n-context';
import { OpenStoreForm } from './open-store-form';

export const START_TITLE_ID = 'seller-start-title';
/** Where logging in or signing up from here comes back to: this form (issue 39.24). */
const BACK_TO_FORM = '/seller-home#open-store';

interface SellerStartProps {
  isLoggedIn: boolean;
  /** The signed-in user's profile: loading, or its storeName (null: no store yet). */
  profile: { isPending: boolean; storeName: string | null | undefined };
}

/** What a visitor can do next: sign in, open a store, or go to the store they have. */
export function SellerStart({ isLoggedIn, profile }: SellerStartProps) {
  const { t } = useI18n();
  if (!isLoggedIn) {
    return (
      <div className="seller-start__panel">
        <h2 id={START_TITLE_ID} className="section-title">
          {t('Ready to open your store?')}
        </h2>
        <p>{t('Log in or create an account first: your store is tied to your account.')}</p>
        <div className="seller-start__actions">
          <Link to={authUrl(LOGIN_PATH, { next: BACK_TO_FORM })} className="btn btn-primary">
            {t('Log in')}
          </Link>
          <Link
            to={authUrl(SIGNUP_PATH, { next: BACK_TO_FORM })}
            className="btn btn-outline-primary"
          >
            {t('Create an account')}
          </Link>
        </div>
      </div>
    );
  }

  if (profile.isPending) {
    return (
      <div className="seller-start__panel">
        <h2 id={START_TITLE_ID} className="section-title">
          {t('Your store')}
        </h2>
        <PageLoader label={t('Checking your account…')} />
      </div>
    );
  }

  if (profile.storeName) {
    return (
      <div className="seller-start__panel">
        <h2 id={START_TITLE_ID} className="section-title">
          {t('{store} is open', { store: profile.storeName })}
        </h2>
        <p>{t('Manage your products and orders from your dashboard.')}</p>
        <Link to="/admin" className="btn btn-primary">
          {t('Go to your Admin Dashboard')}
        </Link>
      </div>
    );
  }

  return (
    <div className="seller-start__panel seller-start__panel--form">
      <div>
        <h2 id={START_TITLE_ID} className="section-title">
          {t('Open your store')}
        </h2>
        <p>
          {t(
            'One store per account. You can list products as soon as it is open; shoppers see it in Brands and in your city.',
          )}
        </p>
      </div>
      <OpenStoreForm />
    </div>
  );
}
