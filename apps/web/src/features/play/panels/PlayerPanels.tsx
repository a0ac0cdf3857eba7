import { MEDIA_LIMITS, type MissionAction, type PayloadSpec } from '@loci/domain';
import type { PlayerView } from '@loci/engine';
import {
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Textarea,
  ThemeIcon,
} from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaIconUrl, type PlayEvent } from '../../../api/play';
import { useShrinkImageOffer } from '../../../components/shrink-image/ShrinkImageOffer';
import { isShrinkableImage } from '../../../components/shrink-image/shrink-image';
import { domainText } from '../../../i18n/domain';
import { thingTitle, type SpecEntityOf, type SpecIndex } from '../spec-index';
import { RichText } from '../RichText';
import { TaskCountdown } from '../clock/TaskCountdown';
import { QrScanButton } from './QrScanButton';
import '../locales';

interface PanelProps {
  view: PlayerView;
  index: SpecIndex;
  busy?: boolean;
  onSend: (event: PlayEvent) => void;
}

function Empty({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** Items with their counts, the currency, objects held (drop, destroy) and offers held (redeem). */
export function BackpackPanel({ view, index, busy, onSend }: PanelProps) {
  const { t } = useTranslation();
  const items = Object.entries(view.items).filter(([, count]) => count > 0);
  const offers = Object.entries(view.offers).filter(([, holding]) => holding.count > 0);
  const empty = !items.length && !view.objects.length && !offers.length && !view.currency;
  return (
    <Stack gap="sm" aria-label={t('play.backpack.title')}>
      {view.currency && (
        <Group justify="space-between">
          <Text fw={500}>{view.currency.name || t('play.backpack.currency')}</Text>
          <Badge size="lg" variant="light" color="yellow">
            {view.currency.amount}
          </Badge>
        </Group>
      )}
      {empty && <Empty>{t('play.backpack.empty')}</Empty>}
      {items.map(([itemId, count]) => {
        const item = index.item(itemId);
        return (
          <Group key={itemId} justify="space-between" wrap="nowrap" data-testid="backpack-item">
            <Group gap="xs" wrap="nowrap">
              {item?.logoId && <img src={mediaIconUrl(item.logoId, 48)} alt="" width={24} height={24} />}
              <Text>{item?.title || item?.name || itemId}</Text>
            </Group>
            <Badge variant="light">{count}</Badge>
          </Group>
        );
      })}
      {view.objects.map((object) => {
        const archetype = index.archetype(object.archetypeId);
        return (
          <Card key={object.id} withBorder padding="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">{thingTitle(index, object)}</Text>
              <Group gap={4}>
                {archetype?.redropable && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    loading={busy}
                    onClick={() => onSend({ type: 'drop', objectId: object.id })}
                  >
                    {t('play.things.drop')}
                  </Button>
                )}
                {archetype?.destroyable && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="red"
                    loading={busy}
                    onClick={() => onSend({ type: 'destroy', objectId: object.id })}
                  >
                    {t('play.things.destroy')}
                  </Button>
                )}
              </Group>
            </Group>
          </Card>
        );
      })}
      {offers.map(([offerId, holding]) => {
        const offer = index.offer(offerId);
        return (
          <Card key={offerId} withBorder padding="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">
                {offer?.title || offer?.name || offerId} × {holding.count}
              </Text>
              {offer?.redeemable !== false && (
                <Button
                  size="compact-xs"
                  variant="light"
                  loading={busy}
                  onClick={() => onSend({ type: 'offer', objectId: offerId, action: 'redeem' })}
                >
                  {t('play.things.redeem')}
                </Button>
              )}
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}

/** The player's attributes (skills). */
export function SkillsPanel({ view, index }: Pick<PanelProps, 'view' | 'index'>) {
  const { t } = useTranslation();
  const attributes = Object.entries(view.attributes);
  if (!attributes.length) return <Empty>{t('play.skills.empty')}</Empty>;
  return (
    <Stack gap="xs">
      {attributes.map(([attributeId, value]) => {
        const attribute = index.attribute(attributeId);
        return (
          <Group key={attributeId} justify="space-between">
            <Text>{attribute?.title || attribute?.name || attributeId}</Text>
            <Badge variant="light" color="grape">
              {String(value)}
            </Badge>
          </Group>
        );
      })}
    </Stack>
  );
}

function SubmissionForm({
  missionId,
  action,
  busy,
  onSend,
  onUpload,
}: {
  missionId: string;
  /** What the mission asks for (text and/or media, which media). */
  action: MissionAction | null | undefined;
  busy?: boolean;
  onSend: PanelProps['onSend'];
  onUpload?: (file: File) => Promise<string>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shrinkOffer = useShrinkImageOffer({ uploadsAfter: false });
  const resetPicker = useRef<() => void>(null);
  // A photo over the limit is offered to be shrunk; refused, it is not kept (the server would refuse it).
  const handlePick = async (picked: File | null) => {
    setError(null);
    if (!picked || !isShrinkableImage(picked)) {
      setFile(picked);
      return;
    }
    setFile(null);
    const [ready] = await shrinkOffer.prepare([picked]);
    if (ready && !isShrinkableImage(ready)) {
      setFile(ready);
      return;
    }
    // Emptied, so that picking the same photo again asks again.
    resetPicker.current?.();
    setError(domainText(t, 'MEDIA_MESSAGES', 'tooLarge', 'image', picked.name, MEDIA_LIMITS.image));
  };
  const accept = [
    action?.mediatypeimage && 'image/*',
    action?.mediatypevideo && 'video/*',
    action?.mediatypeaudio && 'audio/*',
  ].filter(Boolean);
  const takesMedia = Boolean(onUpload) && (accept.length > 0 || Boolean(action?.mediatypemediaRequired));
  const hasText = text.trim() !== '';
  const ready =
    (hasText || Boolean(file)) &&
    (!action?.mediatypetextRequired || hasText) &&
    (!action?.mediatypemediaRequired || Boolean(file));
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        setError(null);
        let mediaId: string | undefined;
        if (file && onUpload) {
          setUploading(true);
          try {
            mediaId = await onUpload(file);
          } catch (failure) {
            setError(failure instanceof Error ? failure.message : String(failure));
            return;
          } finally {
            setUploading(false);
          }
        }
        onSend({ type: 'submission', missionId, ...(hasText ? { text } : {}), ...(mediaId ? { mediaId } : {}) });
        setText('');
        setFile(null);
      }}
    >
      <Stack gap={4}>
        {shrinkOffer.dialog}
        <Textarea
          label={t('play.tasks.submission')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          autosize
          minRows={2}
          required={action?.mediatypetextRequired}
        />
        {takesMedia && (
          <FileInput
            label={t('play.tasks.media')}
            placeholder={t('play.tasks.chooseMedia')}
            accept={accept.length ? accept.join(',') : 'image/*,video/*,audio/*'}
            // A mission that asks for a capture now opens the camera (or recorder), never the gallery.
            capture={action?.captureNow ? 'environment' : undefined}
            description={action?.captureNow ? t('play.tasks.captureNow') : undefined}
            value={file}
            onChange={(picked) => void handlePick(picked)}
            resetRef={resetPicker}
            clearable
            required={action?.mediatypemediaRequired}
            error={error}
          />
        )}
        <Group justify="flex-end">
          <Button size="xs" type="submit" loading={busy || uploading} disabled={!ready}>
            {t('play.tasks.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A mission whose time limit ran out (issue 28): it takes no more submissions. */
const timedOut = (progress: { timedOutWhen?: string }) => Boolean(progress.timedOutWhen);

/** Missions with their sub-missions; submission-accomplished ones take a text and/or a medium. */
export function TasksPanel({
  view,
  index,
  busy,
  onSend,
  onUpload,
}: PanelProps & { onUpload?: (file: File) => Promise<string> }) {
  const { t } = useTranslation();
  if (!view.missions.length) return <Empty>{t('play.tasks.empty')}</Empty>;
  return (
    <Stack gap="sm">
      {view.missions.map((progress) => {
        const mission = index.mission(progress.missionId);
        const done = progress.status === 'completed';
        const bySubmission = mission?.accomplishment.accomplishmentType === 'action';
        return (
          <Card key={progress.missionId} withBorder padding="sm">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{progress.title}</Text>
                <Badge color={done ? 'teal' : progress.status === 'started' ? 'blue' : 'gray'} variant="light">
                  {t(`play.tasks.status.${progress.status}`)}
                </Badge>
              </Group>
              {!done && !timedOut(progress) && (
                <Group justify="flex-end">
                  <TaskCountdown clock={view.clock} kind="mission" id={progress.missionId} />
                </Group>
              )}
              {timedOut(progress) && (
                <Text size="sm" role="status" c="red.8" data-testid="mission-timed-out">
                  {t('play.clock.taskTimedOut')}
                </Text>
              )}
              {mission?.description && <RichText html={mission.description} />}
              {progress.subMissions.map((sub) => {
                const subMission = mission?.accomplishment.submissions.find((candidate) => candidate.id === sub.id);
                return (
                  <Stack key={sub.id} gap={4} pl="sm">
                    <Group gap="xs" wrap="nowrap">
                      <ThemeIcon size="sm" variant="light" color={sub.completed ? 'teal' : 'gray'}>
                        {sub.completed ? <IconCheck size={14} /> : <IconCircleDashed size={14} />}
                      </ThemeIcon>
                      <Text size="sm">{sub.title}</Text>
                    </Group>
                    {!sub.completed &&
                      !timedOut(progress) &&
                      subMission?.accomplishment.accomplishmentType === 'action' && (
                        <SubmissionForm
                          missionId={sub.id}
                          action={subMission.accomplishment.action}
                          busy={busy}
                          onSend={onSend}
                          onUpload={onUpload}
                        />
                      )}
                  </Stack>
                );
              })}
              {progress.verdict && (
                <Text
                  size="sm"
                  role="status"
                  c={progress.verdict.status === 'rejected' ? 'red.8' : undefined}
                  data-testid="mission-verdict"
                >
                  {t(`play.tasks.verdict.${progress.verdict.status}`, { reason: progress.verdict.reason ?? '' })}
                </Text>
              )}
              {!done && bySubmission && progress.verdict?.status !== 'pending' && !timedOut(progress) && (
                <SubmissionForm
                  missionId={progress.missionId}
                  action={mission?.accomplishment.action}
                  busy={busy}
                  onSend={onSend}
                  onUpload={onUpload}
                />
              )}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

/** Typing a code and scanning a QR code: both are sent as a `code` event (the engine reads deep links). */
export function CodesPanel({
  typeCodes,
  scanCodes,
  busy,
  onSend,
}: {
  typeCodes: boolean;
  scanCodes: boolean;
  busy?: boolean;
  onSend: PanelProps['onSend'];
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  return (
    <Stack gap="sm">
      {typeCodes && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!code.trim()) return;
            onSend({ type: 'code', code: code.trim() });
            setCode('');
          }}
        >
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={t('play.codes.type')}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              style={{ flex: 1 }}
              autoCapitalize="off"
              autoComplete="off"
            />
            <Button type="submit" loading={busy} disabled={!code.trim()}>
              {t('play.codes.send')}
            </Button>
          </Group>
        </form>
      )}
      {scanCodes && <QrScanButton onScan={(text) => onSend({ type: 'code', code: text })} />}
    </Stack>
  );
}

function PayloadForm({
  payloadSpec,
  busy,
  onSubmit,
}: {
  payloadSpec: PayloadSpec;
  busy?: boolean;
  onSubmit: (payload: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation();
  const fields = Object.entries(payloadSpec).filter(([, field]) => !field.hidden);
  const [values, setValues] = useState<Record<string, string | number>>({});
  const set = (key: string, value: string | number) => setValues((current) => ({ ...current, [key]: value }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(values);
      }}
    >
      <Stack gap="xs">
        {fields.map(([key, field]) => {
          const label = field.label || key;
          switch (field.type) {
            case 'number':
              return (
                <NumberInput
                  key={key}
                  label={label}
                  required={field.required}
                  value={values[key] ?? ''}
                  onChange={(value) => set(key, value)}
                />
              );
            case 'text':
              return (
                <Textarea
                  key={key}
                  label={label}
                  required={field.required}
                  value={String(values[key] ?? '')}
                  onChange={(event) => set(key, event.currentTarget.value)}
                  autosize
                  minRows={2}
                />
              );
            case 'string':
            case 'email':
              return (
                <TextInput
                  key={key}
                  type={field.type === 'email' ? 'email' : 'text'}
                  label={label}
                  required={field.required}
                  value={String(values[key] ?? '')}
                  onChange={(event) => set(key, event.currentTarget.value)}
                />
              );
            default:
              return (
                <Text key={key} size="xs" c="dimmed">
                  {t('play.create.unsupported', { type: field.type })}
                </Text>
              );
          }
        })}
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={busy}>
            {t('play.create.place')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Objects the player may make, placed where they stand. */
export function CreatePanel({
  archetypes,
  position,
  busy,
  onSend,
}: {
  archetypes: Array<SpecEntityOf<'archetype'>>;
  position: { lat: number; lng: number } | null;
  busy?: boolean;
  onSend: PanelProps['onSend'];
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  if (!archetypes.length) return <Empty>{t('play.create.none')}</Empty>;
  return (
    <Stack gap="sm">
      {archetypes.map((archetype) => (
        <Card key={archetype.id} withBorder padding="sm">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={500}>{archetype.title || archetype.name}</Text>
              {chosen !== archetype.id && (
                <Button size="compact-sm" variant="light" onClick={() => setChosen(archetype.id)}>
                  {t('play.create.make')}
                </Button>
              )}
            </Group>
            {chosen === archetype.id && (
              <PayloadForm
                payloadSpec={archetype.payloadSpec ?? {}}
                busy={busy}
                onSubmit={(payload) => {
                  onSend({
                    type: 'create',
                    archetypeId: archetype.id,
                    payload,
                    ...(position ? { latitude: position.lat, longitude: position.lng } : {}),
                  });
                  setChosen(null);
                }}
              />
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
