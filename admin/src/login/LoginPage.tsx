import { useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  TextField,
  Typography,
} from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { LocalesMenuButton, useLogin, useTranslate } from 'react-admin';
import type { LoginParams } from '@lp/shared/contract';
import { useLoginParams } from './useLoginParams.ts';

const FALLBACK_COLORS = { primary: '#1f4e79', background: '#f4f6f8', font: '#1b1f23' };

/** Login screen styled by the client's login params (spec 1 §3.3). */
export function LoginPage() {
  const state = useLoginParams();
  const params = state.status === 'ready' ? state.params : null;
  return <LoginView params={params} loading={state.status === 'loading'} />;
}

export function LoginView({ params, loading }: { params: LoginParams | null; loading: boolean }) {
  const translate = useTranslate();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const primary = params?.colors.primary || FALLBACK_COLORS.primary;
  const background = params?.background_color || FALLBACK_COLORS.background;
  const font = params?.font_color || FALLBACK_COLORS.font;
  const usernameLabel = params?.accept_document ? 'admin.login.email_or_document' : 'admin.login.email';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError('errors.make_sure_that_all_fields_are_filled_in');
      // spec 1 §8.5: the first field left empty takes the focus
      (!username.trim() ? usernameInput : passwordInput).current?.focus();
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await login({ username, password });
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'ra.auth.sign_in_error');
      setSubmitting(false);
      // the focus stays in the form (the refused password selected to type again), not on the disabled button
      passwordInput.current?.focus();
      passwordInput.current?.select();
    }
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: background,
        color: font,
        backgroundImage: params?.use_background && params.background ? `url(${params.background})` : undefined,
        backgroundSize: 'cover',
        p: 2,
      }}
    >
      <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
        <LocalesMenuButton />
      </Box>
      <Card sx={{ width: '100%', maxWidth: 400 }} component="main">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
            {params?.logo ? (
              <img src={params.logo} alt={translate('admin.login.logo')} style={{ maxHeight: 64, maxWidth: '100%' }} />
            ) : (
              <LockIcon sx={{ color: primary, fontSize: 48 }} />
            )}
            <Typography variant="h5" component="h1" sx={{ color: font, textAlign: 'center' }}>
              {params?.text_header || translate('admin.login.title')}
            </Typography>
            {params?.text && (
              <Typography variant="body2" sx={{ color: font, textAlign: 'center' }}>
                {params.text}
              </Typography>
            )}
          </Box>
          {loading && <CircularProgress size={24} sx={{ alignSelf: 'center' }} aria-label="loading" />}
          {params?.under_maintenance && (
            <Alert severity="warning" role="status">
              {translate('errors.under_maintenance')}
            </Alert>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {translate(error, { _: translate('ra.auth.sign_in_error') })}
            </Alert>
          )}
          <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <TextField
              label={translate(usernameLabel)}
              name="username"
              autoComplete="username"
              inputRef={usernameInput}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              autoFocus
              required
              fullWidth
            />
            <TextField
              label={translate('ra.auth.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              inputRef={passwordInput}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
              fullWidth
            />
            <Button
              type="submit"
              variant="contained"
              disabled={submitting}
              sx={{ bgcolor: primary, '&:hover': { bgcolor: primary, filter: 'brightness(0.9)' } }}
              startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {translate('ra.auth.sign_in')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
