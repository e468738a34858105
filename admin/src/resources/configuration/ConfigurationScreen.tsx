import { useState, type ReactNode } from 'react';
import { Box, Card, CardContent, Divider, Typography } from '@mui/material';
import {
  BooleanInput, Form, Loading, SaveButton, SelectInput, TextInput, Title, Toolbar, useNotify, useRefresh, useTranslate,
} from 'react-admin';
import { CONFIGURATION_PATH, HOME_ROUTES, type Configuration, type ConfigurationInput } from '@lp/shared/contract';
import { LANGUAGES, isCurrencyCode } from '@lp/shared/rules';
import { updateSession } from '@lp/shared/client';
import { useSessionApi } from '../../layout/sessionApi.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useSettingsRecord } from '../../common/settings/index.ts';
import { ClientLogo } from './ClientLogo.tsx';
import { LOGIN_COLOURS, LOGIN_SWITCHES, LOGIN_TEXTS, SETTING_FIELDS, fieldsToText, textToFields } from './configurationFields.ts';

const R = 'resources.configuration';
const HEX = /^#[0-9a-fA-F]{6}$/;
const VERSION = /^\d{1,4}(\.\d{1,6}){0,3}$/;

const hexColour = (value: unknown) => (typeof value === 'string' && HEX.test(value) ? undefined : 'errors.validation_error');
const version = (value: unknown) => (typeof value === 'string' && VERSION.test(value) ? undefined : 'errors.validation_error');
/** spec 3 §3 "Costs": the client's ISO 4217 currency, or empty for the deployment's */
const currency = (value: unknown) => (value === '' || value == null || (typeof value === 'string' && isCurrencyCode(value)) ? undefined : 'errors.validation_error');

function Section({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <CardContent>
      <Typography variant="h6" component="h2">{translate(title)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate(help)}</Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', maxWidth: 720 }}>{children}</Box>
    </CardContent>
  );
}

/** The form's values as the contract's PUT body. */
export function configurationBody(values: Configuration): ConfigurationInput {
  // the logo is saved by its own upload (ClientLogo), the learner menu by its own screen (settings_menu)
  const { logo: _logo, learner_menu: _menu, ...settings } = values.settings;
  return { home_route: values.client.home_route as ConfigurationInput['home_route'], settings, login_params: values.login_params };
}

/**
 * spec 1 §2.3 configuration (admin_config, superuser only): the selected client's settings — the
 * flags every module reads from the session — and the login page's parameters (the
 * deployment's, shared by all clients). A save refreshes the stored session, so the admin's own
 * screens read the new flags at once.
 */
export function ConfigurationScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const session = useSessionApi();
  const { data, isPending, error, save: put } = useSettingsRecord<Configuration, ConfigurationInput>(CONFIGURATION_PATH);
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();

  if (isPending) return <Loading />;
  if (error || !data) return <Typography color="error" role="alert">{translate(`${R}.messages.load_error`)}</Typography>;

  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      await put(configurationBody(values as Configuration));
      // the session user carries the client's settings (spec 1 §3.1–3.2): read it again
      updateSession(window.localStorage, { user: await session.sessionUser() });
      refresh();
      notify(`${R}.messages.saved`, { type: 'success' });
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : `${R}.messages.save_error`, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={`${R}.name`} />
      <Card>
        <Form record={data as unknown as Record<string, unknown>} onSubmit={(values: Record<string, unknown>) => void save(values)}>
          <Section title={`${R}.sections.client`} help={`${R}.help.client`}>
            <Typography sx={{ mb: 2 }}>{translate(`${R}.client_name`, { name: data.client.name })}</Typography>
            <ClientLogo logo={data.settings.logo} onSaved={(saved) => {
              queryClient.setQueryData(['settings', CONFIGURATION_PATH], saved);
              // the session carries the client's settings (its logo included)
              void session.sessionUser().then((user) => updateSession(window.localStorage, { user }), () => undefined);
            }} />
            <SelectInput source="client.home_route" label={`${R}.fields.home_route`} helperText={`${R}.help.home_route`}
              choices={HOME_ROUTES.map((route) => ({ id: route, name: `${R}.home_routes.${route}` }))} />
          </Section>
          <Divider />
          <Section title={`${R}.sections.settings`} help={`${R}.help.settings`}>
            {SETTING_FIELDS.map(({ key, kind }) => kind === 'boolean'
              ? <BooleanInput key={key} source={`settings.${key}`} label={translate(`${R}.settings.${key}`, { _: key })}
                helperText={translate(`${R}.settings_help.${key}`, { _: '' }) || false} />
              : <TextInput key={key} source={`settings.${key}`} label={translate(`${R}.settings.${key}`, { _: key })}
                helperText={translate(`${R}.settings_help.${key}`, { _: '' }) || false} inputProps={{ maxLength: 100 }}
                validate={key === 'currency' ? currency : undefined} parse={key === 'currency' ? (v: string) => (v ?? '').toUpperCase() : undefined} />)}
          </Section>
          <Divider />
          <Section title={`${R}.sections.login`} help={`${R}.help.login`}>
            {LOGIN_SWITCHES.map((key) => (
              <BooleanInput key={key} source={`login_params.${key}`} label={translate(`${R}.login.${key}`, { _: key })}
                helperText={translate(`${R}.login_help.${key}`, { _: '' }) || false} />
            ))}
            {LOGIN_TEXTS.map((key) => (
              <TextInput key={key} source={`login_params.${key}`} label={`${R}.login.${key}`} helperText={`${R}.login_help.${key}`}
                multiline={key === 'text'} minRows={key === 'text' ? 3 : undefined}
                validate={key === 'app_version' ? version : undefined} parse={key === 'logo' || key === 'background' ? (v: string) => v || null : undefined} />
            ))}
            <TextInput source="login_params.colors.primary" label={`${R}.login.primary_color`} type="color" validate={hexColour} />
            <TextInput source="login_params.colors.secondary" label={`${R}.login.secondary_color`} type="color" validate={hexColour} />
            {LOGIN_COLOURS.map((key) => (
              <TextInput key={key} source={`login_params.${key}`} label={`${R}.login.${key}`} type="color" validate={hexColour} />
            ))}
            <SelectInput source="login_params.default_language_id" label={`${R}.login.default_language_id`}
              choices={LANGUAGES.map((l) => ({ id: l.id, name: l.name }))} translateChoice={false} />
            <SelectInput source="login_params.register.password_strong_level" label={`${R}.login.password_strong_level`}
              helperText={`${R}.login_help.password_strong_level`}
              choices={['low', 'medium', 'strong'].map((level) => ({ id: level, name: `${R}.password_levels.${level}` }))} />
            <TextInput source="login_params.register.fields" label={`${R}.login.register_fields`} helperText={`${R}.login_help.register_fields`}
              format={(v: string[] | undefined) => fieldsToText(v)} parse={(v: string) => textToFields(v)} />
          </Section>
          <Toolbar><SaveButton disabled={saving} /></Toolbar>
        </Form>
      </Card>
    </Box>
  );
}

export default ConfigurationScreen;
