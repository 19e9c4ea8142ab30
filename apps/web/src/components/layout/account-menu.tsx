import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n-context';
import { DropdownMenu } from '../ui/dropdown-menu';
import { UserIcon } from '../ui/icons';

interface AccountMenuProps {
  isLoggedIn: boolean;
  isSeller: boolean;
  onLogout: () => void;
}

/** The account icon's menu: Login, or (Admin Dashboard,) My Account and Logout. */
export function AccountMenu({ isLoggedIn, isSeller, onLogout }: AccountMenuProps) {
  const { t } = useI18n();
  return (
    <DropdownMenu
      label={t('Account menu')}
      toggle={<UserIcon />}
      className="account-menu"
      toggleClassName="icon-button"
    >
      {isLoggedIn ? (
        <>
          {isSeller ? (
            <>
              <Link className="dropdown-item" to="/admin">
                {t('Admin Dashboard')}
              </Link>
              <hr className="dropdown-divider" />
            </>
          ) : null}
          <Link className="dropdown-item" to="/user">
            {t('My Account')}
          </Link>
          <button type="button" className="dropdown-item" onClick={onLogout}>
            {t('Logout')}
          </button>
        </>
      ) : (
        <Link className="dropdown-item" to="/login">
          {t('Login')}
        </Link>
      )}
    </DropdownMenu>
  );
}
