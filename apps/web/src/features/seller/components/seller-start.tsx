import { Link } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { OpenStoreForm } from './open-store-form';

export const START_TITLE_ID = 'seller-start-title';

interface SellerStartProps {
  isLoggedIn: boolean;
  /** The signed-in user's profile: loading, or its storeName (null: no store yet). */
  profile: { isPending: boolean; storeName: string | null | undefined };
}

/** What a visitor can do next: sign in, open a store, or go to the store they have. */
export function SellerStart({ isLoggedIn, profile }: SellerStartProps) {
  if (!isLoggedIn) {
    return (
      <div className="seller-start__panel">
        <h2 id={START_TITLE_ID} className="section-title">
          Ready to open your store?
        </h2>
        <p>Log in or create an account first: your store is tied to your account.</p>
        <div className="seller-start__actions">
          <Link to="/login" className="btn btn-primary">
            Log in
          </Link>
          <Link to="/signup" className="btn btn-outline-primary">
            Create an account
          </Link>
        </div>
      </div>
    );
  }

  if (profile.isPending) {
    return (
      <div className="seller-start__panel">
        <h2 id={START_TITLE_ID} className="section-title">
          Your store
        </h2>
        <PageLoader label="Checking your account…" />
      </div>
    );
  }

  if (profile.storeName) {
    return (
      <div className="seller-start__panel">
        <h2 id={START_TITLE_ID} className="section-title">
          {profile.storeName} is open
        </h2>
        <p>Manage your products and orders from your dashboard.</p>
        <Link to="/admin" className="btn btn-primary">
          Go to your Admin Dashboard
        </Link>
      </div>
    );
  }

  return (
    <div className="seller-start__panel seller-start__panel--form">
      <div>
        <h2 id={START_TITLE_ID} className="section-title">
          Open your store
        </h2>
        <p>
          One store per account. You can list products as soon as it is open; shoppers see it in
          Brands and in your city.
        </p>
      </div>
      <OpenStoreForm />
    </div>
  );
}
