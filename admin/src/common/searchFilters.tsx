import { SearchInput } from 'react-admin';

/** The `q` search box every admin list has. */
export const searchFilters = [<SearchInput key="q" source="q" alwaysOn />];
