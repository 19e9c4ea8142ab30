import { Link } from 'react-router';
import { DropdownMenu } from '../ui/dropdown-menu';
import { UserIcon } from '../ui/icons';

interface AccountMenuProps {
  isLoggedIn: boolean;
  isSeller: boolean;
  onLogout: () => void;
}

/** The account icon's menu: Login, or (Admin Dashboard,) My Account and Logout. */
export function AccountMenu({ isLoggedIn, isSeller, onLogout }: AccountMenuProps) {
  return (
    <DropdownMenu
      label="Account menu"
      toggle={<UserIcon />}
      className="account-menu"
      toggleClassName="icon-button"
    >
      {isLoggedIn ? (
        <>
          {isSeller ? (
            <>
              <Link className="dropdown-item" to="/admin">
                Admin Dashboard
              </Link>
              <hr className="dropdown-divider" />
            </>
          ) : null}
          <Link className="dropdown-item" to="/user">
            My Account
          </Link>
          <button type="button" className="dropdown-item" onClick={onLogout}>
            Logout
          </button>
        </>
      ) : (
        <Link className="dropdown-item" to="/login">
          Login
        </Link>
      )}
    </DropdownMenu>
  );
}
