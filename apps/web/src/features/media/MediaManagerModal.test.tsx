import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@loci/domain';
import { ModalsProvider } from '@mantine/modals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App';
import { createQueryClient } from '../../api/query-client';
import { mockApi, type MockHandler } from '../../test/api-mock';
import { MediaManagerModal } from './MediaManagerModal';
import { MediaPickerField } from './MediaPickerField';
import { makeMedia } from './test-factories';
import { mockXhr } from './test-xhr';

// jsdom has no canvas to draw an image on: the shrinking library answers with a small copy here, and the
// browser test (e2e/games/game-settings.spec.ts) shrinks a real photo in Chromium.
const shrinkCalls: { name: string; maxSizeMB?: number; side?: number }[] = [];
vi.mock('browser-image-compression', () => ({
  default: async (image: File, options: { maxSizeMB?: number; maxWidthOrHeight?: number }) => {
    shrinkCalls.push({ name: image.name, maxSizeMB: options.maxSizeMB, side: options.maxWidthOrHeight });
    return new File([new Uint8Array(200_000)], image.name, { type: image.type });
  },
}));
beforeEach(() => {
  shrinkCalls.length = 0;
});

// Whole pages in jsdom are slow, more so when every test file runs at once.
const UI_TEST_TIMEOUT_MS = 20_000;

function renderWithProviders(ui: React.ReactNode) {
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient({ retry: false })}>
      <ModalsProvider>{ui}</ModalsProvider>
    </AppProviders>,
  );
  return { user };
}

function renderModal(handlers: Record<string, MockHandler>, props: { onChoose?: (id: string) => void } = {}) {
  const api = mockApi(handlers);
  const onChoose = props.onChoose;
  const view = renderWithProviders(
    <MediaManagerModal
      opened
      onClose={() => {}}
      gameId="g1"
      onChoose={onChoose ? (media) => onChoose(media.id) : undefined}
    />,
  );
  return { ...view, api };
}

function file(name: string, type: string, size: number): File {
  return new File([new Uint8Array(size)], name, { type });
}

describe('#media.library', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('shows "No media" when the game has none', async () => {
    renderModal({ 'GET /api/design/g1/medias': { body: [] } });

    expect(await screen.findByText(MEDIA_MESSAGES.noMedia)).toBeInTheDocument();
  });

  it('skips a too-large video with "Too large file!" and uploads the others with progress', async () => {
    const { uploads } = mockXhr();
    const saved = [
      makeMedia({ title: 'small.png', orig_filename: 'small.png' }),
      makeMedia({ title: 'song.mp3', orig_filename: 'song.mp3', mimetype: 'audio/mpeg' }),
    ];
    let listed: unknown[] = [];
    const { user } = renderModal({ 'GET /api/design/g1/medias': () => ({ body: listed }) });
    await screen.findByText(MEDIA_MESSAGES.noMedia);

    const big = file('big.mp4', 'video/mp4', MEDIA_LIMITS.video + 1);
    await user.upload(screen.getByLabelText('Upload media files'), [
      big,
      file('small.png', 'image/png', 1000),
      file('song.mp3', 'audio/mpeg', 2000),
    ]);

    expect(await screen.findByText(MEDIA_MESSAGES.tooLargeTitle)).toBeInTheDocument();
    expect(screen.getByText(MEDIA_MESSAGES.tooLarge('video', 'big.mp4', MEDIA_LIMITS.video))).toBeInTheDocument();
    await waitFor(() => expect(uploads).toHaveLength(1));
    const [upload] = uploads;
    expect(upload?.url).toBe('/api/design/g1/medias');
    expect(upload?.files.map((sent) => sent.name)).toEqual(['small.png', 'song.mp3']);

    upload?.progress(1500, 3000);
    const progress = await screen.findByRole('progressbar', { name: 'Uploading 2 files…' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');

    listed = saved;
    upload?.respond(201, { saved, rejected: [] });

    expect(await screen.findByText(MEDIA_MESSAGES.uploaded)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Select song.mp3' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('offers to shrink an image over the limit, then uploads the smaller copy', async () => {
    const { uploads } = mockXhr();
    const { user } = renderModal({ 'GET /api/design/g1/medias': { body: [] } });
    await screen.findByText(MEDIA_MESSAGES.noMedia);

    const photo = file('harbour.jpg', 'image/jpeg', 3_200_000);
    await user.upload(screen.getByLabelText('Upload media files'), [photo, file('song.mp3', 'audio/mpeg', 2000)]);

    const offer = await screen.findByRole('dialog', { name: 'Shrink the image?' });
    expect(within(offer).getByText('This image is larger than the 0.5 MB allowed:')).toBeInTheDocument();
    expect(within(offer).getByText('harbour.jpg — 3.2 MB')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
    await user.click(within(offer).getByRole('button', { name: 'Shrink and upload' }));

    await waitFor(() => expect(uploads).toHaveLength(1));
    const sent = uploads[0]?.files ?? [];
    expect(sent.map((one) => one.name)).toEqual(['harbour.jpg', 'song.mp3']);
    expect(sent[0]?.type).toBe('image/jpeg');
    expect(sent[0]?.size).toBeLessThanOrEqual(MEDIA_LIMITS.image);
    expect(shrinkCalls).toEqual([{ name: 'harbour.jpg', maxSizeMB: expect.closeTo(0.43, 2), side: 2048 }]);
    expect(screen.queryByRole('dialog', { name: 'Shrink the image?' })).not.toBeInTheDocument();
    expect(screen.queryByText(MEDIA_MESSAGES.tooLargeTitle)).not.toBeInTheDocument();
  });

  it('leaves the large images out when the designer cancels the offer', async () => {
    const { uploads } = mockXhr();
    const { user } = renderModal({ 'GET /api/design/g1/medias': { body: [] } });
    await screen.findByText(MEDIA_MESSAGES.noMedia);

    await user.upload(screen.getByLabelText('Upload media files'), [
      file('a.png', 'image/png', 900_000),
      file('b.jpg', 'image/jpeg', 1_500_000),
      file('small.png', 'image/png', 1000),
    ]);
    const offer = await screen.findByRole('dialog', { name: 'Shrink 2 images?' });
    await user.click(within(offer).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.files.map((one) => one.name)).toEqual(['small.png']);
    expect(shrinkCalls).toEqual([]);
  });

  it('shows what the server rejected', async () => {
    const { uploads } = mockXhr();
    const { user } = renderModal({ 'GET /api/design/g1/medias': { body: [] } });
    await screen.findByText(MEDIA_MESSAGES.noMedia);

    await user.upload(screen.getByLabelText('Upload media files'), [file('huge.mp4', 'video/mp4', 1000)]);
    await waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]?.respond(413, {
      saved: [],
      rejected: [{ file: 'huge.mp4', status: 413, message: 'The video huge.mp4 is larger than the 8 MB allowed' }],
    });

    expect(await screen.findByText('The video huge.mp4 is larger than the 8 MB allowed')).toBeInTheDocument();
    expect(screen.getByText(MEDIA_MESSAGES.tooLargeTitle)).toBeInTheDocument();
    expect(screen.queryByText(MEDIA_MESSAGES.uploaded)).not.toBeInTheDocument();
  });

  it('chooses a medium: select, then Choose', async () => {
    const media = [makeMedia({ title: 'Harbour' }), makeMedia({ title: 'Lighthouse' })];
    const onChoose = vi.fn();
    const { user } = renderModal({ 'GET /api/design/g1/medias': { body: media } }, { onChoose });
    expect(screen.getByRole('button', { name: 'Choose' })).toBeDisabled();

    await user.click(await screen.findByRole('button', { name: 'Select Lighthouse' }));
    expect(screen.getByRole('button', { name: 'Select Lighthouse' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Select Harbour' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Choose' }));

    expect(onChoose).toHaveBeenCalledWith(media[1]?.id);
  });

  it('edits a title, which is required', async () => {
    let media = makeMedia({ title: 'Harbour' });
    const { user, api } = renderModal({
      'GET /api/design/g1/medias': () => ({ body: [media] }),
      [`PATCH /api/design/g1/medias/${media.id}`]: ({ body }) => {
        media = { ...media, ...(body as object) };
        return { body: media };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Edit Harbour' }));
    expect(screen.getByRole('img', { name: 'Preview of Harbour' })).toHaveAttribute(
      'src',
      `/api/design/g1/medias/thumb/${media.id}?width=300&square=0`,
    );
    const title = screen.getByLabelText(/^Title/);
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MEDIA_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/design/g1/medias/${media.id}`)).toHaveLength(0);

    await user.type(title, 'Old harbour');
    await user.type(screen.getByLabelText('Description'), 'At dawn');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MEDIA_MESSAGES.saved)).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/design/g1/medias/${media.id}`)[0]?.body).toEqual({
      title: 'Old harbour',
      description: 'At dawn',
    });
    expect(await screen.findByRole('button', { name: 'Select Old harbour' })).toBeInTheDocument();
  });

  it('deletes a medium after "Are you really sure?"', async () => {
    const media = makeMedia({ title: 'Harbour' });
    let listed = [media];
    const { user, api } = renderModal({
      'GET /api/design/g1/medias': () => ({ body: listed }),
      [`DELETE /api/design/g1/medias/${media.id}`]: () => {
        listed = [];
        return { body: { success: true } };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Delete Harbour' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete media' });
    expect(within(confirm).getByText(MEDIA_MESSAGES.confirmDelete)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(MEDIA_MESSAGES.deleted)).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/design/g1/medias/${media.id}`)).toHaveLength(1);
    expect(await screen.findByText(MEDIA_MESSAGES.noMedia)).toBeInTheDocument();
  });
});

describe('#media.picker', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  function Picker({ gameId, initial = null }: { gameId: string | undefined; initial?: string | null }) {
    const [value, setValue] = useState<string | null>(initial);
    return <MediaPickerField label="Logo" gameId={gameId} value={value} onChange={setValue} />;
  }

  it('says "No game id" and cannot choose without a game', async () => {
    mockApi({});
    renderWithProviders(<Picker gameId={undefined} />);

    const field = screen.getByRole('group', { name: 'Logo' });
    expect(within(field).getByText(MEDIA_MESSAGES.noGameId)).toBeInTheDocument();
    expect(within(field).getByRole('button', { name: 'Choose Logo' })).toBeDisabled();
  });

  it('shows "No media selected", then the chosen thumbnail, and clears it', async () => {
    const media = makeMedia({ title: 'Crest' });
    mockApi({ 'GET /api/design/g1/medias': { body: [media] } });
    const { user } = renderWithProviders(<Picker gameId="g1" />);

    const field = screen.getByRole('group', { name: 'Logo' });
    expect(within(field).getByText(MEDIA_MESSAGES.noMediaSelected)).toBeInTheDocument();
    await user.click(within(field).getByRole('button', { name: 'Choose Logo' }));
    await user.click(await screen.findByRole('button', { name: 'Select Crest' }));
    await user.click(screen.getByRole('button', { name: 'Choose' }));

    await waitFor(() =>
      expect(within(field).getByRole('img', { name: 'Crest' })).toHaveAttribute(
        'src',
        `/api/design/g1/medias/thumb/${media.id}?width=100&square=1`,
      ),
    );
    await user.click(within(field).getByRole('button', { name: 'Clear Logo' }));
    expect(within(field).getByText(MEDIA_MESSAGES.noMediaSelected)).toBeInTheDocument();
  });
});
