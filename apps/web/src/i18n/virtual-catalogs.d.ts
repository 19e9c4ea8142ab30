/** A locale's catalog compiled by the `compiled-catalogs` plugin of vite.config.ts. */
declare module 'virtual:i18n-catalog/*' {
  import type { Messages } from '@lingui/core';

  const messages: Messages;
  export default messages;
}
