import { MEDIA_LIMITS } from '@loci/domain';
import type { PlayerView } from '@loci/engine';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PerceivedThing } from '../board/PlayMap';
import { makeIndex, renderWithProviders } from '../test-support';
import { CodesPanel, CreatePanel, TasksPanel } from './PlayerPanels';
import { ThingSheet } from './ThingSheet';

// jsdom has no canvas to draw an image on: the shrinking library answers with a small copy here (the browser
// tests shrink a real photo in Chromium).
vi.mock('browser-image-compression', () => ({
  default: async (image: File) => new File([new Uint8Array(150_000)], image.name, { type: image.type }),
}));

const field = (type: string, label: string, extra: Record<string, unknown> = {}) => ({
  type,
  label,
  hideLabel: false,
  required: false,
  hidden: false,
  objectTitle: false,
  ...extra,
});

const index = makeIndex({
  archetype: [
    {
      id: 'note',
      title: 'Note',
      playerGenerated: true,
      payloadSpec: {
        text: field('string', 'Message', { objectTitle: true, required: true }),
        stars: field('number', 'Stars'),
      },
      pickable: true,
      destroyable: false,
      actionLabelContact: 'Read',
      actionLabelAct: '',
    },
  ],
  offer: [{ id: 'coffee', title: 'Free coffee', payloadSpec: {}, pickable: true }],
  mission: [
    {
      id: 'photo',
      title: 'Share your view',
      description: 'Tell us what you see.',
      accomplishment: { accomplishmentType: 'action', submissions: [] },
    },
  ],
});

describe('player panels', () => {
  it('makes an object from its payload form, where the player stands', async () => {
    const onSend = vi.fn();
    const { user } = renderWithProviders(
      <CreatePanel archetypes={[index.archetype('note')!]} position={{ lat: 37.97, lng: 23.72 }} onSend={onSend} />,
    );
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello from the pier');
    await user.type(screen.getByRole('textbox', { name: 'Stars' }), '4');
    await user.click(screen.getByRole('button', { name: 'Place it here' }));
    expect(onSend).toHaveBeenCalledWith({
      type: 'create',
      archetypeId: 'note',
      payload: { text: 'Hello from the pier', stars: 4 },
      latitude: 37.97,
      longitude: 23.72,
    });
  });

  it('sends a typed code', async () => {
    const onSend = vi.fn();
    const { user } = renderWithProviders(<CodesPanel typeCodes scanCodes={false} onSend={onSend} />);
    await user.type(screen.getByRole('textbox', { name: 'Type a code' }), '  LIGHTHOUSE ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ type: 'code', code: 'LIGHTHOUSE' });
    expect(screen.queryByRole('button', { name: 'Scan a QR code' })).not.toBeInTheDocument();
  });

  it('sends a mission submission', async () => {
    const onSend = vi.fn();
    const view = {
      missions: [{ missionId: 'photo', title: 'Share your view', status: 'assigned', subMissions: [] }],
    } as unknown as PlayerView;
    const { user } = renderWithProviders(<TasksPanel view={view} index={index} onSend={onSend} />);
    expect(screen.getByText('Assigned')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'The whole harbour');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSend).toHaveBeenCalledWith({ type: 'submission', missionId: 'photo', text: 'The whole harbour' });
  });

  it('uploads the photo a mission asks for, then sends it with the submission', async () => {
    const onSend = vi.fn();
    const onUpload = vi.fn(async () => 'media-1');
    const photoIndex = makeIndex({
      mission: [
        {
          id: 'snap',
          title: 'Snap the lighthouse',
          accomplishment: {
            accomplishmentType: 'action',
            submissions: [],
            action: { mediatypeimage: true, mediatypemediaRequired: true, mediatypetextRequired: false },
          },
        },
      ],
    });
    const view = {
      missions: [{ missionId: 'snap', title: 'Snap the lighthouse', status: 'assigned', subMissions: [] }],
    } as unknown as PlayerView;
    const { user, container } = renderWithProviders(
      <TasksPanel view={view} index={photoIndex} onSend={onSend} onUpload={onUpload} />,
    );
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    const photo = new File(['png'], 'lighthouse.png', { type: 'image/png' });
    await user.upload(container.querySelector('input[type="file"]') as HTMLInputElement, photo);
    await user.click(submit);
    expect(onUpload).toHaveBeenCalledWith(photo);
    expect(onSend).toHaveBeenCalledWith({ type: 'submission', missionId: 'snap', mediaId: 'media-1' });
  });

  it(
    'offers to shrink a phone photo over the limit and sends the smaller copy; cancelled, says it is too large',
    { timeout: 20_000 },
    async () => {
      const onSend = vi.fn();
      const onUpload = vi.fn(async (_file: File) => 'media-2');
      const photoIndex = makeIndex({
        mission: [
          {
            id: 'snap',
            title: 'Snap the lighthouse',
            accomplishment: {
              accomplishmentType: 'action',
              submissions: [],
              action: { mediatypeimage: true, mediatypemediaRequired: true, mediatypetextRequired: false },
            },
          },
        ],
      });
      const view = {
        missions: [{ missionId: 'snap', title: 'Snap the lighthouse', status: 'assigned', subMissions: [] }],
      } as unknown as PlayerView;
      const { user, container } = renderWithProviders(
        <TasksPanel view={view} index={photoIndex} onSend={onSend} onUpload={onUpload} />,
      );
      const input = () => container.querySelector('input[type="file"]') as HTMLInputElement;
      const photo = new File([new Uint8Array(4_100_000)], 'lighthouse.jpg', { type: 'image/jpeg' });

      await user.upload(input(), photo);
      let offer = await screen.findByRole('dialog', { name: 'Shrink the image?' });
      expect(within(offer).getByText('lighthouse.jpg — 4.1 MB')).toBeInTheDocument();
      await user.click(within(offer).getByRole('button', { name: 'Cancel' }));
      expect(await screen.findByText('The image lighthouse.jpg is larger than the 0.5 MB allowed')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();

      await user.upload(input(), photo);
      offer = await screen.findByRole('dialog', { name: 'Shrink the image?' });
      await user.click(within(offer).getByRole('button', { name: 'Shrink' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
      expect(screen.queryByText(/is larger than the 0.5 MB allowed/)).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      const sent = onUpload.mock.calls[0]?.[0] as File | undefined;
      expect(sent?.name).toBe('lighthouse.jpg');
      expect(sent?.size).toBeLessThanOrEqual(MEDIA_LIMITS.image);
      expect(onSend).toHaveBeenCalledWith({ type: 'submission', missionId: 'snap', mediaId: 'media-2' });
    },
  );

  it('opens the camera, not the gallery, for a mission that asks for a capture now', async () => {
    const liveIndex = (captureNow: boolean) =>
      makeIndex({
        mission: [
          {
            id: 'snap',
            title: 'Snap the lighthouse',
            accomplishment: {
              accomplishmentType: 'action',
              submissions: [],
              action: { captureNow, mediatypeimage: true, mediatypemediaRequired: true, mediatypetextRequired: false },
            },
          },
        ],
      });
    const view = {
      missions: [{ missionId: 'snap', title: 'Snap the lighthouse', status: 'assigned', subMissions: [] }],
    } as unknown as PlayerView;
    const live = renderWithProviders(
      <TasksPanel view={view} index={liveIndex(true)} onSend={vi.fn()} onUpload={vi.fn()} />,
    );
    expect(live.container.querySelector('input[type="file"]')).toHaveAttribute('capture', 'environment');
    expect(screen.getByText(/Take it now with your camera/)).toBeInTheDocument();
    live.unmount();
    const gallery = renderWithProviders(
      <TasksPanel view={view} index={liveIndex(false)} onSend={vi.fn()} onUpload={vi.fn()} />,
    );
    expect(gallery.container.querySelector('input[type="file"]')).not.toHaveAttribute('capture');
  });

  it('offers what an object and an offer allow', async () => {
    const onSend = vi.fn();
    const object = {
      id: 'o1',
      name: 'note-1',
      type: 'object',
      archetypeId: 'note',
      sceneId: 'harbour',
      payload: { text: 'Meet me at noon', stars: 5 },
      location: { latitude: 37.97, longitude: 23.72 },
      inRange: true,
      distance: 12.4,
    } as unknown as PerceivedThing;
    const { user, unmount } = renderWithProviders(<ThingSheet thing={object} index={index} onSend={onSend} />);
    expect(screen.getByText('Meet me at noon')).toBeInTheDocument();
    expect(screen.getByText('12 m away')).toBeInTheDocument();
    expect(screen.getByText('In range')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Read' }));
    expect(onSend).toHaveBeenLastCalledWith({ type: 'contact', objectId: 'o1' });
    await user.click(screen.getByRole('button', { name: 'Pick up' }));
    expect(onSend).toHaveBeenLastCalledWith({ type: 'pick', objectId: 'o1' });
    expect(screen.queryByRole('button', { name: 'Destroy' })).not.toBeInTheDocument();
    unmount();

    const offer = {
      id: 'placement-1',
      name: 'coffee-1',
      type: 'offer',
      offerId: 'coffee',
      sceneId: 'harbour',
      payload: {},
      location: null,
      quantity: 3,
      inRange: false,
      distance: null,
    } as unknown as PerceivedThing;
    renderWithProviders(<ThingSheet thing={offer} index={index} onSend={onSend} />);
    expect(screen.getByText('3 left')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Take' }));
    expect(onSend).toHaveBeenLastCalledWith({ type: 'offer', objectId: 'placement-1', action: 'pick' });
  });
});
