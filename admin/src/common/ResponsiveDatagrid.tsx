import type { ComponentProps, ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { DatagridConfigurable, SimpleList, useGetRecordRepresentation, useResourceContext, type RaRecord } from 'react-admin';

type DatagridProps = ComponentProps<typeof DatagridConfigurable>;

export interface ResponsiveDatagridProps extends Omit<DatagridProps, 'rowClick'> {
  rowClick?: 'edit' | 'show' | false;
  /** the row's line on a phone; the resource's record representation (title, name …) by default */
  primaryText?: (record: RaRecord) => ReactNode;
  /** a second line on a phone (a status, a date) */
  secondaryText?: (record: RaRecord) => ReactNode;
}

/**
 * Every admin list's rows: configurable columns on a wide screen, and below MUI's `md` (900 px: a
 * phone, or a tablet whose width the menu shares) react-admin's SimpleList, one line per record that
 * opens it, so the page never scrolls sideways (spec 1 §2.3 table conventions; docs/admin.md "Menu").
 */
export function ResponsiveDatagrid({ primaryText, secondaryText, rowClick = 'edit', children, ...props }: ResponsiveDatagridProps) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const resource = useResourceContext();
  const represent = useGetRecordRepresentation(resource);
  if (narrow) {
    return (
      <SimpleList
        primaryText={primaryText ?? ((record) => represent(record))}
        secondaryText={secondaryText}
        tertiaryText={(record) => `#${record.id}`}
        linkType={rowClick}
        rowSx={() => ({ borderBottom: 1, borderColor: 'divider' })}
      />
    );
  }
  return <DatagridConfigurable rowClick={rowClick} {...props}>{children}</DatagridConfigurable>;
}
