import { COUNTRIES, REGIONS_BY_COUNTRY, type Address, type UserProfile } from '@marketplace/shared';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useI18n } from '../../../i18n/i18n-context';

function regionName(address: Address): string {
  return (
    REGIONS_BY_COUNTRY[address.country].find((r) => r.code === address.province)?.name ??
    address.province
  );
}

function countryName(address: Address): string {
  return COUNTRIES.find((c) => c.code === address.country)?.name ?? address.country;
}

export function ProfileDetails({ profile, onEdit }: { profile: UserProfile; onEdit: () => void }) {
  const { t } = useI18n();
  return (
    <div className="profile-details">
      <dl className="definition-grid">
        <dt>{t('Name')}</dt>
        <dd>
          {profile.firstName} {profile.lastName}
        </dd>
        <dt>{t('User name')}</dt>
        <dd>{profile.userName}</dd>
        <dt>{t('Email')}</dt>
        <dd>{profile.email}</dd>
        {profile.storeName ? (
          <>
            <dt>{t('Store')}</dt>
            <dd>{profile.storeName}</dd>
          </>
        ) : null}
      </dl>

      <h2 className="section-title mt-4">{t('Addresses')}</h2>
      {profile.addresses.length === 0 ? (
        <p className="text-secondary">
          {t('No saved addresses yet. Add one to check out faster.')}
        </p>
      ) : (
        <ul className="address-list">
          {profile.addresses.map((address, index) => (
            <li key={`${address.streetAddress}-${index}`} className="address-card">
              {address.defaultAddress ? (
                <Badge bg="dark" className="mb-2">
                  {t('Default')}
                </Badge>
              ) : null}
              <address className="mb-0">
                {address.streetAddress}
                {address.apartment ? `, ${address.apartment}` : ''}
                <br />
                {address.city}, {t(regionName(address))} {address.postalCode}
                <br />
                {t(countryName(address))}
              </address>
            </li>
          ))}
        </ul>
      )}
      <Button variant="primary" onClick={onEdit} className="mt-3">
        {t('Edit profile')}
      </Button>
    </div>
  );
}
