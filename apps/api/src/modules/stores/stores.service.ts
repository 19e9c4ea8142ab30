import {
  AppError,
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  PRODUCT_FORM_MESSAGES,
  STORE_MESSAGES,
  localizedText,
  type City,
  type Locale,
  type ShippingAddress,
  type StoreAddresses,
  type StoreApprovalMode,
  type StoreOwnerView,
  type StorePublic,
  type StoreStatus,
} from '@marketplace/shared';
import { UNIQUE_VIOLATION, databaseErrorOf } from '../../db/client';
import {
  InvalidImageError,
  OversizedImageError,
  sniffImageType,
  storeImage,
} from '../../providers/images/image-processor';
import type { Announcer } from '../../lib/events';
import type { Storage } from '../../providers/storage/storage';
import type { Caller, UsersService } from '../users/users.service';
import { storeNameKeys } from './store-name-skeleton';
import type { StoreFields, StoreRow, StoresRepository } from './stores.repository';

export interface StoreInputFields {
  name: string;
  description: string;
  /** The French description (issue 19); null: none; omitted: unchanged (PUT) or none (POST). */
  descriptionFr?: string | null;
  city: City;
  /** Omitted: unchanged (PUT) or none yet (POST). */
  shipFromAddress?: ShippingAddress;
  /** Null: returns go to the ship-from address; omitted: unchanged. */
  returnAddress?: ShippingAddress | null;
  /** Omitted: unchanged (PUT) or none (POST). */
  shippingNotes?: string;
  returnNotes?: string;
}

/** The store's images, as uploaded with its form: both checked by their bytes. */
export interface StoreImages {
  thumbnail?: Buffer;
  banner?: Buffer;
}

/** What a store means to the catalog: items keep copies of the name and city. */
export interface OwnedStore {
  id: string;
  name: string;
  city: City;
  /** Only an active store lists its products (issue 17); a pending or suspended one withholds them. */
  listable: boolean;
}

/** A store as the operator's console sees it (issue 17). */
export interface StoreStanding {
  id: string;
  name: string;
  city: string;
  status: StoreStatus;
  ownerId: string;
  createdAt: Date;
}

/**
 * What this module announces; the catalog (items) keeps copies of a store's name, city and
 * standing on its products, and brings them up to date.
 */
export type StoreEvents = {
  /** The name or the city changed. */
  'store.changed': OwnedStore;
  /** Opened, suspended or reinstated: whether its products may be listed. */
  'store.listingChanged': { storeId: string; listable: boolean };
};

/**
 * How many listed products each store has: the items module's ListedProducts, a read built
 * before this module (items are built after stores: every product belongs to one).
 */
export interface ListedCounts {
  countPublicByStore(storeIds: string[]): Promise<Map<string, number>>;
}

/** Which store an account owns: a read the users module is given before this module exists. */
export class StoreOwners {
  constructor(private readonly repository: StoresRepository) {}

  async storeNameOf(userId: string): Promise<string | null> {
    return (await this.repository.findByOwner(userId))?.name ?? null;
  }
}

export interface StoresDeps {
  repository: StoresRepository;
  users: UsersService;
  storage: Storage;
  listed: ListedCounts;
  events: Announcer<StoreEvents>;
  /** STORE_APPROVAL (issue 17): 'required' opens new stores as PENDING. */
  approval?: StoreApprovalMode;
}

export class StoresService {
  constructor(private readonly deps: StoresDeps) {}

  /** Answers the owner's view: its status says whether the store is open or under review. */
  async open(
    userName: string,
    input: StoreInputFields,
    { thumbnail, banner }: StoreImages = {},
  ): Promise<StoreOwnerView> {
    const ownerId = await this.deps.users.accountId(userName);
    if (await this.deps.repository.findByOwner(ownerId))
      throw new Conflict(STORE_MESSAGES.alreadyOpen);
    await this.assertNameFree(input.name);
    const keys = nameKeys(input.name);
    await this.assertNoLookAlike(keys);
    const fields: StoreFields = {
      ...definedFields(input),
      ...keys,
      thumbnail: thumbnail ? await this.storeThumbnail(thumbnail) : null,
      banner: banner ? await this.storeBanner(banner) : null,
    };
    try {
      const status = this.deps.approval === 'required' ? 'PENDING' : 'ACTIVE';
      return await this.toOwnerView(await this.deps.repository.create(ownerId, fields, status));
    } catch (error) {
      throw this.conflictFrom(error) ?? error;
    }
  }

  async update(
    caller: Caller,
    input: StoreInputFields,
    { thumbnail, banner }: StoreImages = {},
  ): Promise<StorePublic> {
    const store = await this.requireOwnedStoreRow(caller);
    if (store.name.toLowerCase() !== input.name.toLowerCase())
      await this.assertNameFree(input.name);
    const fields: StoreFields = definedFields(input);
    // Only a new name is checked and keyed: a store left without a key by the start-up backfill
    // (it looks like an older one) can still change its description until it is renamed.
    // Its own name's look-alikes stay the owner's to choose (a restyle, another case).
    if (store.name !== input.name) {
      const keys = nameKeys(input.name);
      await this.assertNoLookAlike(keys, store.id);
      Object.assign(fields, keys);
    }
    if (thumbnail) fields.thumbnail = await this.storeThumbnail(thumbnail);
    if (banner) fields.banner = await this.storeBanner(banner);
    let updated: StoreRow;
    try {
      updated = await this.deps.repository.update(store.id, fields);
    } catch (error) {
      throw this.conflictFrom(error) ?? error;
    }
    if (updated.name !== store.name || updated.city !== store.city) {
      await this.deps.events.announce('store.changed', toOwned(updated));
    }
    return this.toPublic(updated);
  }

  /** GET /store: the caller's store with its addresses (only its owner sees them). */
  async ownerView(caller: Caller): Promise<StoreOwnerView> {
    return this.toOwnerView(await this.requireOwnedStoreRow(caller));
  }

  /** The caller's store, or 403 for a user without one (DESIGN 4). */
  async requireOwnedStore(caller: Caller): Promise<OwnedStore> {
    return toOwned(await this.requireOwnedStoreRow(caller));
  }

  /** Who to write to about a store's orders: its owner's account. */
  async ownerIdsOf(storeIds: string[]): Promise<Map<string, { ownerId: string; name: string }>> {
    const rows = await this.deps.repository.findByIds(storeIds);
    return new Map(rows.map((row) => [row.id, { ownerId: row.ownerId, name: row.name }]));
  }

  /** The id of the store a user owns, if any. */
  async storeIdOfUser(userId: string): Promise<string | null> {
    return (await this.deps.repository.findByOwner(userId))?.id ?? null;
  }

  /**
   * Where a store's parcels leave from and its returns go (issue 16): labels print `shipFrom` as
   * the sender; `returnTo` is the return address, or the ship-from address when it has none.
   */
  async addressesOf(storeId: string): Promise<StoreAddresses> {
    const [row] = await this.deps.repository.findByIds([storeId]);
    if (!row) throw new NotFound('Store not found.');
    return {
      shipFrom: row.shipFromAddress ?? null,
      returnTo: row.returnAddress ?? row.shipFromAddress ?? null,
    };
  }

  /** The Brands list: only stores with a listed product, so no card leads to an empty shop (issue 39.21). */
  async listPublic(city?: City, locale: Locale = 'en'): Promise<StorePublic[]> {
    const rows = await this.deps.repository.list(city);
    const counts = await this.deps.listed.countPublicByStore(rows.map((r) => r.id));
    return rows
      .filter((row) => (counts.get(row.id) ?? 0) > 0)
      .map((row) => publicStore(row, counts.get(row.id) ?? 0, locale));
  }

  /** Every store shoppers can see, A to Z, with its last change: the sitemap's store file. */
  async sitemapEntries(): Promise<{ name: string; updatedAt: Date }[]> {
    const rows = await this.deps.repository.list();
    return rows.map((row) => ({ name: row.name, updatedAt: row.updatedAt }));
  }

  /**
   * Store names starting with `prefix` (lower case), of the city given one, for the search box's
   * suggestions.
   */
  namesStartingWith(prefix: string, limit: number, city?: City): Promise<string[]> {
    return this.deps.repository.namesStartingWith(prefix, limit, city);
  }

  /** A pending or suspended store's page is not public (404, as for no store). */
  async getPublic(storeId: string, locale: Locale = 'en'): Promise<StorePublic> {
    const store = await this.findByIdentifier(storeId);
    if (store.status !== 'ACTIVE') throw new NotFound('Store not found.');
    return this.toPublic(store, locale);
  }

  /** The operator's brands list (issue 17): a page of stores by name. */
  async standingsPage(
    status: StoreStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<{ stores: StoreStanding[]; total: number }> {
    const { rows, total } = await this.deps.repository.page(status, limit, offset);
    return { stores: rows.map(toStanding), total };
  }

  async standingOf(storeId: string): Promise<StoreStanding | undefined> {
    const [row] = await this.deps.repository.findByIds([storeId]);
    return row && toStanding(row);
  }

  /**
   * An operator's decision (issue 17): the store moves from one of `from` to `to`, and its
   * products leave or rejoin the catalog at once. Undefined when the store was in none of `from`.
   */
  async moveStatus(
    storeId: string,
    from: readonly StoreStatus[],
    to: StoreStatus,
  ): Promise<StoreStanding | undefined> {
    const moved = await this.deps.repository.moveStatus(storeId, from, to);
    if (!moved) return undefined;
    await this.deps.events.announce('store.listingChanged', {
      storeId: moved.id,
      listable: to === 'ACTIVE',
    });
    return toStanding(moved);
  }

  async findByIdentifier(storeId: string): Promise<StoreRow> {
    const store = await this.deps.repository.findByName(storeId.trim());
    if (!store) throw new NotFound('Store not found.');
    return store;
  }

  /**
   * Gives the stores opened before look-alike keys existed theirs (migration 0011 cannot: the
   * database has no confusables data). Oldest first, so an older store keeps a key that a
   * younger look-alike shares; that one keeps null for it and is returned to be looked at.
   * Safe to run on every start and from several processes at once.
   */
  async backfillNameSkeletons(): Promise<{ updated: number; collisions: string[] }> {
    let updated = 0;
    const collisions: string[] = [];
    for (const store of await this.deps.repository.withoutNameKeys()) {
      const keys = nameKeys(store.name);
      let complete = true;
      for (const key of [
        { nameSkeleton: keys.nameSkeleton },
        { nameSkeletonCased: keys.nameSkeletonCased },
      ]) {
        try {
          await this.deps.repository.setNameKey(store.id, key);
        } catch (error) {
          if (databaseErrorOf(error).code !== UNIQUE_VIOLATION) throw error;
          complete = false;
        }
      }
      if (complete) updated += 1;
      else collisions.push(store.name);
    }
    return { updated, collisions };
  }

  countStores(): Promise<number> {
    return this.deps.repository.count();
  }

  private async requireOwnedStoreRow(caller: Caller): Promise<StoreRow> {
    const store = await this.deps.repository.findByOwner(await this.deps.users.idOf(caller));
    if (!store) throw new Forbidden(STORE_MESSAGES.noStore);
    return store;
  }

  private async assertNameFree(name: string) {
    if (await this.deps.repository.findByName(name)) {
      throw new Conflict(STORE_MESSAGES.nameTaken, { name: STORE_MESSAGES.nameTaken });
    }
  }

  private async assertNoLookAlike(keys: ReturnType<typeof nameKeys>, exceptId?: string) {
    if (await this.deps.repository.findByNameKeys(keys, exceptId)) {
      throw new Conflict(STORE_MESSAGES.nameLooksTaken, { name: STORE_MESSAGES.nameLooksTaken });
    }
  }

  private conflictFrom(error: unknown): Conflict | undefined {
    const { code, constraint } = databaseErrorOf(error);
    if (code !== UNIQUE_VIOLATION) return undefined;
    if (constraint?.includes('owner')) return new Conflict(STORE_MESSAGES.alreadyOpen);
    // Two look-alike names sent at once both pass the check; the unique index keeps one.
    if (constraint?.includes('skeleton'))
      return new Conflict(STORE_MESSAGES.nameLooksTaken, { name: STORE_MESSAGES.nameLooksTaken });
    return new Conflict(STORE_MESSAGES.nameTaken, { name: STORE_MESSAGES.nameTaken });
  }

  private async storeThumbnail(bytes: Buffer): Promise<string> {
    return (await this.storeUpload(bytes)).thumbnailUrl;
  }

  /** The banner is shown wide: its full-size image, not the thumbnail. */
  private async storeBanner(bytes: Buffer): Promise<string> {
    return (await this.storeUpload(bytes)).url;
  }

  /** As for products (DESIGN 4): not one of the allowed types 415, too many pixels 413, undecodable 400. */
  private async storeUpload(bytes: Buffer) {
    if (!sniffImageType(bytes)) throw new AppError(415, PRODUCT_FORM_MESSAGES.thumbnailType);
    try {
      return await storeImage(this.deps.storage, bytes);
    } catch (error) {
      if (error instanceof OversizedImageError)
        throw new AppError(413, PRODUCT_FORM_MESSAGES.imagePixels);
      if (error instanceof InvalidImageError)
        throw new BadRequest(PRODUCT_FORM_MESSAGES.thumbnailType);
      throw error;
    }
  }

  async toOwnerView(row: StoreRow): Promise<StoreOwnerView> {
    return {
      ...(await this.toPublic(row)),
      descriptionFr: row.descriptionFr,
      shipFromAddress: row.shipFromAddress ?? null,
      returnAddress: row.returnAddress ?? null,
      status: row.status as StoreStatus,
    };
  }

  /** Without a locale: the description as written (the owner's answers). */
  private async toPublic(row: StoreRow, locale?: Locale): Promise<StorePublic> {
    const counts = await this.deps.listed.countPublicByStore([row.id]);
    return publicStore(row, counts.get(row.id) ?? 0, locale);
  }
}

function toOwned(row: StoreRow): OwnedStore {
  return { id: row.id, name: row.name, city: row.city as City, listable: row.status === 'ACTIVE' };
}

function toStanding(row: StoreRow): StoreStanding {
  return {
    id: row.id,
    name: row.name,
    city: row.city,
    status: row.status as StoreStatus,
    ownerId: row.ownerId,
    createdAt: row.createdAt,
  };
}

function publicStore(row: StoreRow, productCount: number, locale?: Locale): StorePublic {
  return {
    id: row.name,
    name: row.name,
    description: locale
      ? localizedText(row.description, row.descriptionFr, locale)
      : row.description,
    thumbnail: row.thumbnail,
    city: row.city as City,
    productCount,
    banner: row.banner,
    shippingNotes: row.shippingNotes,
    returnNotes: row.returnNotes,
  };
}

/** The form's fields as columns: an address left out of the request stays as it is. */
function definedFields(input: StoreInputFields): StoreFields {
  const { shipFromAddress, returnAddress, ...rest } = input;
  return {
    ...rest,
    ...(shipFromAddress !== undefined ? { shipFromAddress } : {}),
    ...(returnAddress !== undefined ? { returnAddress } : {}),
  };
}

function nameKeys(name: string) {
  const { folded, cased } = storeNameKeys(name);
  return { nameSkeleton: folded, nameSkeletonCased: cased };
}
