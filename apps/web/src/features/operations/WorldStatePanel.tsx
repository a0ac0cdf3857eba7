import {
  RESCUE_REASON_MAX,
  worldStateKey,
  type WorldEntry,
  type WorldEntryType,
  type WorldEntryValues,
} from '@loci/domain';
import type { ObjectInstance, OfferInstance } from '@loci/engine';
import {
  ActionIcon,
  Badge,
  Button,
  Collapse,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WorldEntryForm } from '../design/world/WorldEntryForm';
import { WorldMap, type WorldMapMarker } from '../design/world/WorldMap';
import { findType, labelOf, type WorldSpecs } from '../design/world/world-values';
import { StateTree } from './StateTree';
import './locales';
import { domainText } from '../../i18n/domain';

/** Height of the instance's map of objects. */
const OBJECTS_MAP_HEIGHT = 500;

type Filter = 'all' | 'notApproved';

/** The world as the Instance page reads it (the engine's world state). */
export interface InstanceWorld {
  status: string;
  objects?: Record<string, ObjectInstance>;
  offers?: Record<string, OfferInstance>;
  [key: string]: unknown;
}

/** What the modal edits: a new entry of a type, or a stored one. */
type Editing = { type: WorldEntryType; entry?: Partial<WorldEntry> } | null;

function toEntry(item: ObjectInstance | OfferInstance): Partial<WorldEntry> {
  const base = {
    id: item.id,
    name: item.name,
    sceneId: item.sceneId,
    payload: item.payload,
    ...(item.location ? { location: item.location } : {}),
  };
  return item.type === 'object'
    ? { ...base, type: 'object', archetypeId: item.archetypeId, approved: item.approved }
    : ({ ...base, type: 'offer', offerId: item.offerId, quantity: item.quantity } as Partial<WorldEntry>);
}

export interface WorldStatePanelProps {
  gameId: string;
  world: InstanceWorld;
  specs: WorldSpecs | undefined;
  /** Saves an entry; `reason` is the operator's, kept in the audit log. */
  onSave: (values: WorldEntryValues, reason: string) => Promise<unknown>;
  onDelete: (key: string, reason: string) => Promise<unknown>;
  deletingKey: string | null;
}

/** The operator's reason for a world edit (issue 16 §3: audited as a rescue is), required before it is sent. */
function ReasonField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('operations.rescue.reason')}
      description={t('operations.rescue.worldReasonHelp')}
      withAsterisk
      autosize
      minRows={1}
      maxLength={RESCUE_REASON_MAX}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}

/**
 * The World State panel (spec 1 §2, spec 3 §2–4): the objects (All Objects or
 * Not Approved Objects — moderated and not approved) and offers of the
 * instance's world with edit and delete, Add Object and Add Offer in a modal
 * holding the initial world's form, a map of the objects, and the raw state.
 */
export function WorldStatePanel({ gameId, world, specs, onSave, onDelete, deletingKey }: WorldStatePanelProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const [editing, setEditing] = useState<Editing>(null);
  const [rawOpened, setRawOpened] = useState(false);
  const [removing, setRemoving] = useState<ObjectInstance | OfferInstance | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const edit = (next: Editing) => {
    setReason('');
    setReasonError(undefined);
    setEditing(next);
  };
  /** The trimmed reason, or null (and the field's error) when there is none. */
  const givenReason = (): string | null => {
    const trimmed = reason.trim();
    if (trimmed === '') setReasonError(t('operations.rescue.reasonRequired'));
    return trimmed === '' ? null : trimmed;
  };

  const moderated = (archetypeId: string) =>
    Boolean(specs && (findType(specs, 'object', archetypeId) as { moderated?: boolean } | undefined)?.moderated);
  const objects = useMemo(
    () => Object.values(world.objects ?? {}).sort((a, b) => a.name.localeCompare(b.name)),
    [world.objects],
  );
  const offers = useMemo(
    () => Object.values(world.offers ?? {}).sort((a, b) => a.name.localeCompare(b.name)),
    [world.offers],
  );
  const shownObjects =
    filter === 'all' ? objects : objects.filter((object) => moderated(object.archetypeId) && !object.approved);

  const sceneLabel = (sceneId: string) => {
    const scene = specs?.scenes.find((candidate) => candidate.id === sceneId);
    return scene ? labelOf(scene) : sceneId;
  };
  const typeLabel = (type: WorldEntryType, typeId: string) => {
    const found = specs ? findType(specs, type, typeId) : undefined;
    return found ? labelOf(found) : typeId;
  };

  const markers = useMemo<WorldMapMarker[]>(
    () =>
      objects
        .filter((object) => object.location)
        .map((object) => ({
          id: object.id,
          label: object.name,
          latitude: object.location!.latitude,
          longitude: object.location!.longitude,
          iconUri: specs ? findType(specs, 'object', object.archetypeId)?.iconUri : undefined,
          onOpen: () => edit({ type: 'object', entry: toEntry(object) }),
        })),
    [objects, specs],
  );

  const handleDelete = (item: ObjectInstance | OfferInstance) => {
    setReason('');
    setReasonError(undefined);
    setRemoving(item);
  };
  const confirmDelete = () => {
    const given = givenReason();
    if (!removing || given === null) return;
    const item = removing;
    setRemoving(null);
    onDelete(worldStateKey(item.type, item.sceneId, item.id), given).catch(() => {});
  };

  const rows = (items: readonly (ObjectInstance | OfferInstance)[]) =>
    items.map((item) => {
      const key = worldStateKey(item.type, item.sceneId, item.id);
      return (
        <Table.Tr key={item.id}>
          <Table.Td>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" c="dimmed">
              {item.type === 'object' ? typeLabel('object', item.archetypeId) : typeLabel('offer', item.offerId)}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{sceneLabel(item.sceneId)}</Text>
          </Table.Td>
          <Table.Td>
            {item.type === 'object' ? (
              moderated(item.archetypeId) && (
                <Badge variant="light" color={item.approved ? 'teal' : 'orange'}>
                  {item.approved ? t('operations.world.approved') : t('operations.world.notApproved')}
                </Badge>
              )
            ) : (
              <Text size="sm">{item.quantity ?? '∞'}</Text>
            )}
          </Table.Td>
          <Table.Td w={90}>
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Tooltip label={t('operations.world.edit', { name: item.name })}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('operations.world.edit', { name: item.name })}
                  onClick={() => edit({ type: item.type, entry: toEntry(item) })}
                  disabled={!specs}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('operations.world.remove', { name: item.name })}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('operations.world.remove', { name: item.name })}
                  onClick={() => handleDelete(item)}
                  loading={deletingKey === key}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Table.Td>
        </Table.Tr>
      );
    });

  const table = (items: readonly (ObjectInstance | OfferInstance)[], label: string, empty: string, last: string) =>
    items.length === 0 ? (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    ) : (
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={6} highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('operations.world.name')}</Table.Th>
              <Table.Th>{t('operations.world.type')}</Table.Th>
              <Table.Th>{t('operations.world.scene')}</Table.Th>
              <Table.Th>{last}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows(items)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  const modalTitle = editing
    ? t(`operations.world.${editing.entry?.id ? 'edit' : 'add'}${editing.type === 'object' ? 'Object' : 'Offer'}Title`)
    : '';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={4}>{t('operations.world.objects')}</Title>
        <Group gap="sm">
          <SegmentedControl
            size="xs"
            value={filter}
            onChange={(value) => setFilter(value as Filter)}
            data={[
              { value: 'all', label: t('operations.world.allObjects') },
              { value: 'notApproved', label: t('operations.world.notApprovedObjects') },
            ]}
          />
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => edit({ type: 'object' })}
            disabled={!specs}
          >
            {t('operations.world.addObject')}
          </Button>
        </Group>
      </Group>
      {table(
        shownObjects,
        t('operations.world.objects'),
        domainText(t, 'DESIGN_TEXTS', 'noObjects'),
        t('operations.world.approval'),
      )}

      <Group justify="space-between" align="flex-end">
        <Title order={4}>{t('operations.world.offers')}</Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => edit({ type: 'offer' })}
          disabled={!specs}
        >
          {t('operations.world.addOffer')}
        </Button>
      </Group>
      {table(
        offers,
        t('operations.world.offers'),
        domainText(t, 'DESIGN_TEXTS', 'noOffers'),
        t('operations.world.quantity'),
      )}

      <Title order={4}>{t('operations.world.map')}</Title>
      <WorldMap
        markers={markers}
        scenes={specs?.scenes ?? []}
        height={OBJECTS_MAP_HEIGHT}
        label={t('operations.world.map')}
      />

      <div>
        <Button
          variant="subtle"
          size="xs"
          leftSection={rawOpened ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          onClick={() => setRawOpened((opened) => !opened)}
          aria-expanded={rawOpened}
        >
          {t('operations.world.raw')}
        </Button>
        <Collapse expanded={rawOpened}>
          <StateTree value={world} label={t('operations.world.raw')} />
        </Collapse>
      </div>

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={modalTitle} size="xl" centered>
        {editing && specs && (
          <Stack gap="md">
            <ReasonField value={reason} onChange={setReason} error={reasonError} />
            <WorldEntryForm
              gameId={gameId}
              type={editing.type}
              value={editing.entry}
              specs={specs}
              readOnly={false}
              onSubmit={async (values) => {
                const given = givenReason();
                // Nothing is sent without a reason; the form stays open (its own errors are none).
                if (given === null) return;
                await onSave(values, given);
                setEditing(null);
              }}
              onDelete={
                editing.entry?.id
                  ? async () => {
                      const given = givenReason();
                      if (given === null) return;
                      const { entry, type } = editing;
                      await onDelete(worldStateKey(type, entry!.sceneId ?? '', entry!.id!), given);
                      setEditing(null);
                    }
                  : undefined
              }
              onCancel={() => setEditing(null)}
            />
          </Stack>
        )}
      </Modal>

      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing ? t('operations.world.deleteTitle', { name: removing.name }) : ''}
        centered
      >
        <Stack
          gap="md"
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            confirmDelete();
          }}
        >
          <Text size="sm">{domainText(t, 'DESIGN_TEXTS', 'confirmDelete')}</Text>
          <ReasonField value={reason} onChange={setReason} error={reasonError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('operations.cancel')}
            </Button>
            <Button type="submit" color="red">
              {t('operations.world.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
