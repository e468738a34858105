import { useMemo } from 'react';
import { SelectArrayInput, useChoicesContext, useTranslate, type Identifier, type SelectArrayInputProps } from 'react-admin';

/** spec 2 §9: "Multi-select: chips up to 14 options." */
export const MAX_OPTIONS_WITH_CHIPS = 14;

/** How many of the selected values exist among the options (spec 2 §9: only those are counted). */
export function countSelectedInOptions(selected: unknown, options: readonly { id: Identifier }[]): number {
  if (!Array.isArray(selected)) return 0;
  const ids = new Set(options.map((option) => String(option.id)));
  return new Set(selected.map(String).filter((value) => ids.has(value))).size;
}

export type MultiSelectProps = SelectArrayInputProps;

/**
 * A multi-select that shows the chosen options as chips while there are at most 14 options;
 * with 15 or more it shows '{n} itens selecionados' (spec 2 §9). Works with a `choices` prop
 * or inside a ReferenceArrayInput, like react-admin's SelectArrayInput it wraps.
 */
export function MultiSelect(props: MultiSelectProps) {
  const { choices, options, optionValue = 'id' } = props;
  const translate = useTranslate();
  const { allChoices } = useChoicesContext({ choices, source: props.source, resource: props.resource });

  const selectOptions = useMemo(() => {
    const list = (allChoices ?? []).map((choice) => ({ id: choice[optionValue] as Identifier }));
    if (list.length <= MAX_OPTIONS_WITH_CHIPS) return options;
    return {
      ...options,
      renderValue: (selected: unknown) =>
        translate('common.multi_select.selected', { smart_count: countSelectedInOptions(selected, list) }),
    };
  }, [allChoices, optionValue, options, translate]);

  return <SelectArrayInput {...props} options={selectOptions} />;
}
