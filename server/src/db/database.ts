import type { Kysely, Transaction } from 'kysely';
import type { ClientTable, LoginConfigTable, OauthApplicationTable } from './tables/client.table.ts';
import type {
  AuditLogTable, UserAreaTable, UserClientTable, UserModuleItemTable, UserTable,
} from './tables/user.table.ts';
import type { BranchTable, CountryTable, HeadquarterTable, NamedClientTable } from './tables/company.table.ts';
import type {
  AreaTable, ProfileTable, TagAreaTable, TagTable, UserGroupMemberTable, UserGroupTable,
} from './tables/organisation.table.ts';
import type {
  LoginFailureTable, OauthTokenTable, PasswordResetTable, TokenFamilyTable,
} from './tables/auth.table.ts';

export interface Database {
  clients: ClientTable;
  oauth_applications: OauthApplicationTable;
  login_config: LoginConfigTable;
  users: UserTable;
  user_clients: UserClientTable;
  user_module_items: UserModuleItemTable;
  areas: AreaTable;
  profiles: ProfileTable;
  user_groups: UserGroupTable;
  user_group_members: UserGroupMemberTable;
  tags: TagTable;
  tag_areas: TagAreaTable;
  token_families: TokenFamilyTable;
  oauth_tokens: OauthTokenTable;
  login_failures: LoginFailureTable;
  password_resets: PasswordResetTable;
  user_areas: UserAreaTable;
  audit_log: AuditLogTable;
  countries: CountryTable;
  regionals: NamedClientTable;
  branch_types: NamedClientTable;
  branch_size_types: NamedClientTable;
  headquarters: HeadquarterTable;
  branches: BranchTable;
}

export type Db = Kysely<Database> | Transaction<Database>;
