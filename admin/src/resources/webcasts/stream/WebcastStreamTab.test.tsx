import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { STREAMING_PATHS, WEBCAST_PATHS, WEBCAST_SDP_FIELD, type StreamingStateAnswer, type Webcast } from '@lp/shared/contract';
import { DEVICES, fakeEnv, type FakeEnv } from '@lp/streaming/testing';
import { i18n } from '../../../test/fixtures.ts';
import { mockHttp, wireDataProvider } from '../../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../../common/http/index.ts';
import { WebcastStreamTab, scheduleText } from './WebcastStreamTab.tsx';

const ID = 12;
const WEBCAST: Webcast = {
  id: ID, title: 'Boas-vindas ao vivo', description: '<p>Apresentação da <strong>equipe</strong></p>', code: null, webcast_type: 2, embed: 'none',
  transmission_date: '2026-12-10T19:00:00-03:00', timezone: 'America/Sao_Paulo', status: 1,
  transmission_completed: false, transmission_downloaded: false, profiles: [], areas: [], user_groups: [], tags: [], use_chat: false,
  chat_moderated: false, score: 0, webcast_player_hls_playback_url: null, workload: 1, webcast_lounge_template: '', webcast_images: [],
  webcast_image_alt_texts: [], unpublish_date: null, public_url: `http://x/webinars/${ID}`, qty_subscribers: 0,
};
const state = (s: 'stopped' | 'starting' | 'started', extra: Partial<StreamingStateAnswer> = {}): StreamingStateAnswer => ({
  live_stream: { state: s, publishing: false }, status: 1, transmission_completed: false, transmission_downloaded: false, ...extra,
});
const SDP = { sdp_url: 'ws://127.0.0.1/api/streaming/webrtc-session.json', application_name: 'webcasts', stream_name: 'webcast_12_secret' };

function answers(): Record<string, unknown> {
  return {
    [WEBCAST_PATHS.item(ID)]: WEBCAST,
    [STREAMING_PATHS.startStreaming(ID)]: state('started'),
    [STREAMING_PATHS.streamingSdp(ID)]: { [WEBCAST_SDP_FIELD]: SDP },
    [STREAMING_PATHS.streamingIsLive(ID)]: { is_live: true, webcast_player_hls_playback_url: null },
    [STREAMING_PATHS.stopStreaming(ID)]: state('stopped', { transmission_completed: true }),
    [STREAMING_PATHS.downloadStreaming(ID)]: { status: 5, transmission_downloaded: false },
    [STREAMING_PATHS.streamingState(ID)]: state('stopped', { status: 4, transmission_completed: true, transmission_downloaded: true }),
  };
}

function renderTab({ env = fakeEnv(), canManage = true, webcast = WEBCAST }: { env?: FakeEnv; canManage?: boolean; webcast?: typeof WEBCAST } = {}) {
  const table = { ...answers(), [WEBCAST_PATHS.item(ID)]: webcast };
  const mocks = {
    serveJson: vi.fn(async (path: string, _method?: string, _body?: unknown) => {
      if (!(path in table)) throw new Error(`unexpected ${path}`);
      return table[path];
    }),
    serveForm: vi.fn(async () => ({})),
  };
  render(
    <AdminContext dataProvider={wireDataProvider(mocks.serveJson)} i18nProvider={i18n()}>
      <ContractHttpProvider value={mockHttp(mocks)}>
        <WebcastStreamTab webcastId={ID} canManage={canManage} mediaEnv={env} />
      </ContractHttpProvider>
      <Notification />
    </AdminContext>,
  );
  return { env, ...mocks };
}

const button = (name: string) => screen.getByRole('button', { name });
const status = () => screen.getByRole('status');

describe('WebcastStreamTab (spec 2 §2.6, §4.14, §5.10)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it("shows the title, the description and 'webinar_start_schedule: YYYY-MM-DD HH:mm'", async () => {
    renderTab();
    expect(await screen.findByRole('heading', { name: 'Boas-vindas ao vivo' })).toBeInTheDocument();
    expect(screen.getByText('Apresentação da equipe')).toBeInTheDocument();
    expect(screen.getByText('Início do webinar: 2026-12-10 19:00')).toBeInTheDocument();
    expect(scheduleText('2026-01-02T03:04:05+05:30', 'Asia/Kolkata')).toBe('2026-01-02 03:04');
    expect(scheduleText('2026-01-01T21:34:05Z', 'Asia/Kolkata')).toBe('2026-01-02 03:04');
    expect(screen.getByLabelText('Pré-visualização local')).toBeInTheDocument();
  });

  it("says 'app_requirements_not_met' in a browser without media devices, and offers no controls", async () => {
    const env = fakeEnv();
    env.mediaDevices = undefined;
    renderTab({ env });
    expect(await screen.findByText('Seu navegador não atende aos requisitos mínimos para transmitir')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Criar transmissão' })).not.toBeInTheDocument();
  });

  it('hides configure_streaming without a microphone and says one is needed', async () => {
    renderTab({ env: fakeEnv(DEVICES.filter((d) => d.kind !== 'audioinput')) });
    expect(await screen.findByText('É necessário um microfone para iniciar a transmissão')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Configurar transmissão' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Criar transmissão' })).not.toBeInTheDocument();
    expect(await screen.findByText('Nenhum dispositivo de captura de áudio encontrado')).toBeInTheDocument();
  });

  it("configures devices and the recording quality, naming unlabelled devices 'default_device'", async () => {
    const { serveForm } = renderTab();
    await user().click(await screen.findByRole('button', { name: 'Configurar transmissão' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configurar transmissão' });
    await user().click(within(dialog).getByRole('combobox', { name: 'Dispositivo de áudio' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Dispositivo padrão', 'USB microphone']);
    await user().click(screen.getByRole('option', { name: 'USB microphone' }));
    await user().click(within(dialog).getByRole('combobox', { name: 'Qualidade da gravação' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '480p (854x480, 3500 kbps)', '720p (1280x720, 5000 kbps)', '1080p (1920x1080, 6500 kbps)',
    ]);
    await user().click(screen.getByRole('option', { name: /^480p/ }));
    await user().click(within(dialog).getByRole('button', { name: 'Salvar configurações' }));
    expect(serveForm).toHaveBeenCalledWith(STREAMING_PATHS.configStreaming(ID), 'POST', {
      bitrate_video: 3500, aspect_ratio_width: 854, aspect_ratio_height: 480, aspect_h264_profile: 'main',
    });
    expect(await screen.findByText('Configurações da transmissão salvas')).toBeInTheDocument();
    // the dialog closes (after its exit transition)
    await wait(1000);
    expect(screen.queryByRole('dialog', { name: 'Configurar transmissão' })).not.toBeInTheDocument();
  });

  it('runs a transmission: create, start with the camera, go live, switch to the screen, end with confirmation, save the video', async () => {
    const { env, serveJson } = renderTab();
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Criar transmissão' }));
    expect(serveJson).toHaveBeenCalledWith(STREAMING_PATHS.startStreaming(ID), 'GET');
    expect(await screen.findByText('Transmissão criada. Escolha a câmera ou a tela e entre ao vivo.')).toBeInTheDocument();

    // spec 2 §5.10: a source first
    await u.click(button('Entrar ao vivo'));
    expect(await screen.findByText('Você precisa selecionar um dispositivo de transmissão primeiro')).toBeInTheDocument();
    expect(env.sockets).toHaveLength(0);

    await u.click(button('Iniciar com a câmera'));
    expect(await screen.findByRole('button', { name: 'Compartilhar tela' })).toBeInTheDocument();
    await u.click(button('Entrar ao vivo'));
    await wait(0);
    expect(env.sockets).toHaveLength(1);
    expect(env.sockets[0]!.sent[0]).toMatchObject({ command: 'sendOffer', streamInfo: { streamName: 'webcast_12_secret' } });
    expect(screen.queryByText('AO VIVO')).not.toBeInTheDocument();
    await wait(2500);
    expect(await screen.findByText('AO VIVO')).toBeInTheDocument();
    expect(await screen.findByText('Você está ao vivo')).toBeInTheDocument();
    expect(serveJson).toHaveBeenCalledWith(STREAMING_PATHS.streamingIsLive(ID), 'GET');

    // spec 2 §2.6: switching the source while live replaces the track
    await u.click(button('Compartilhar tela'));
    await wait(0);
    expect(env.peers[0]!.senders.video!.track!.label).toBe('screen');
    expect(button('Compartilhar câmera')).toBeInTheDocument();

    await u.click(button('Encerrar transmissão'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Deseja encerrar a transmissão?');
    await u.click(within(confirm).getByRole('button', { name: 'Encerrar' }));
    expect(await screen.findByText('Encerrando a transmissão…')).toBeInTheDocument();
    await wait(7100);
    expect(serveJson).toHaveBeenCalledWith(STREAMING_PATHS.stopStreaming(ID), 'GET');
    expect(env.peers[0]!.closed).toBe(true);
    expect(await screen.findByText('Transmissão encerrada')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Transmissão encerrada. Salve o vídeo para disponibilizá-lo aos participantes.');
    expect(screen.getByText(/O vídeo só fica disponível para os participantes depois de salvo/)).toBeInTheDocument();

    await u.click(button('Salvar vídeo do webinar'));
    expect(serveJson).toHaveBeenCalledWith(STREAMING_PATHS.downloadStreaming(ID), 'GET');
    expect(await screen.findByText('O vídeo está sendo salvo')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Transmissão encerrada. Salvando o vídeo…');
    await wait(7500);
    expect(status()).toHaveTextContent('Transmissão encerrada. O vídeo está disponível para os participantes.');
  });

  it("shows 'WebSocket connection failed: {url}' when the signalling socket fails", async () => {
    const env = fakeEnv();
    env.behaviour = { kind: 'error' };
    renderTab({ env });
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Criar transmissão' }));
    await u.click(await screen.findByRole('button', { name: 'Iniciar com a câmera' }));
    await u.click(await screen.findByRole('button', { name: 'Entrar ao vivo' }));
    expect(await screen.findByText(`Falha na conexão WebSocket: ${SDP.sdp_url}`)).toBeInTheDocument();
    expect(button('Entrar ao vivo')).toBeInTheDocument();
  });

  it('toggles between a wide and a narrow frame', async () => {
    renderTab();
    await user().click(await screen.findByRole('button', { name: 'Quadro estreito' }));
    expect(button('Quadro largo')).toBeInTheDocument();
  });

  it('disables the controls without webcasts_manage', async () => {
    renderTab({ canManage: false });
    expect(await screen.findByRole('button', { name: 'Criar transmissão' })).toBeDisabled();
    expect(button('Configurar transmissão')).toBeDisabled();
    expect(button('Iniciar com a câmera')).toBeDisabled();
  });
});
