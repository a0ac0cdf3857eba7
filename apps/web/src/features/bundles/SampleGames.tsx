import type { RelocationRequest, SampleGame } from '@loci/domain';
import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError, notifySuccess } from '../../components/notify';
import { htmlToPlainText } from '../games/text';
import { RelocationFields } from './RelocationFields';
import { useCreateFromSample, useSamples } from './queries';
import './locales';

function CreateFromSampleModal({ sample, onClose }: { sample: SampleGame; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [centre, setCentre] = useState<RelocationRequest>({
    lat: sample.place.lat,
    lng: sample.place.lng,
    rotation: 0,
  });
  const create = useCreateFromSample();
  const submit = () =>
    create.mutate(
      { name: sample.name, relocate: centre },
      {
        onSuccess: (game) => {
          notifySuccess(t('bundles.sampleCreated', { title: game.title }));
          onClose();
          void navigate(`/games/${game.id}`);
        },
        onError: (error) => notifyError(t('bundles.sampleFailed'), error),
      },
    );
  return (
    <Modal opened onClose={onClose} title={t('bundles.fromSampleTitle', { title: sample.title })} size="xl" centered>
      <Stack>
        <RelocationFields value={centre} onChange={setCentre} radius={sample.place.radius} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('bundles.cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            {t('bundles.createHere')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The sample games a newcomer can start from in one click (shown on an empty games list). */
export function SampleGames() {
  const { t } = useTranslation();
  const { data: samples } = useSamples(true);
  const [chosen, setChosen] = useState<SampleGame | null>(null);
  if (!samples || samples.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label={t('bundles.samplesTitle')}>
      <Title order={2} fz="h4">
        {t('bundles.samplesTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('bundles.samplesHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {samples.map((sample) => (
          <Card key={sample.name} withBorder radius="md" padding="lg" component="article" aria-label={sample.title}>
            <Title order={3} fz="lg">
              {sample.title}
            </Title>
            <Group gap={6} mt="xs">
              <Badge variant="light" size="sm">
                {sample.language}
              </Badge>
              <Badge variant="light" color="gray" size="sm">
                {t('bundles.sampleSize', { count: sample.entities })}
              </Badge>
            </Group>
            <Text size="sm" mt="sm" style={{ flex: 1 }}>
              {htmlToPlainText(sample.description)}
            </Text>
            <Button mt="md" leftSection={<IconSparkles size={16} />} onClick={() => setChosen(sample)}>
              {t('bundles.fromSample')}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
      {chosen && <CreateFromSampleModal sample={chosen} onClose={() => setChosen(null)} />}
    </Stack>
  );
}
