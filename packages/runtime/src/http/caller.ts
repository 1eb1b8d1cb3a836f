import type { CredentialKind } from '@gw/db';
import type { Scope } from '../config/scopes.js';

/** What an authenticated API key or connector token stands for. */
export interface Principal {
  credentialId: string;
  organizationId: string;
  kind: CredentialKind;
  scopes: Scope[];
  /**
   * The organization is a native application of the ecosystem (issue #11): its credentials accept
   * native session JWTs (minted without an API key). Set by the operator CLI only.
   */
  organizationNative: boolean;
}

/** The wallet a verified JWT stands for. */
export interface Session {
  /** EIP-55 checksummed address (the JWT's `sub`). */
  address: string;
  /** `user`, plus roles the operator granted (e.g. `agent`). */
  roles: string[];
  /**
   * The organization the session is bound to (issue #11: the JWT's `org` and `azp` claims), when
   * the login carried that organization's API key; null for a native session (login without a
   * key), which only native organizations' credentials accept.
   */
  organizationId: string | null;
}
