import type { RoleRequestListItem } from '@loci/domain';
import {
  Badge,
  Button,
  Card,
  Container,
  EmptyState,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconInbox, IconX } from '@tabler/icons-react';
import { formatTime } from '../../i18n/time';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBox } from '../../components/GeneralErrorBox';
import { PageLoader } from '../../components/PageLoader';
import { useDecideRoleRequest, useRoleRequests } from './queries';

type Decision = { action: 'approve' | 'reject'; request: RoleRequestListItem };

function DecisionModal({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const decide = useDecideRoleRequest();
  const approve = decision?.action === 'approve';

  const close = () => {
    setReason('');
    onClose();
  };

  const submit = () => {
    if (!decision) return;
    decide.mutate(
      { email: decision.request.email, action: decision.action, reason: reason.trim() },
      { onSuccess: close },
    );
  };

  return (
    <Modal
      opened={decision !== null}
      onClose={close}
      centered
      title={approve ? t('admin.roleRequests.approveTitle') : t('admin.roleRequests.rejectTitle')}
    >
      {decision && (
        <Stack gap="md">
          <Text>
            {t(approve ? 'admin.roleRequests.approveText' : 'admin.roleRequests.rejectText', {
              name: decision.request.name,
              email: decision.request.email,
              role: t(`roles.${decision.request.roleRequest.role}`),
            })}
          </Text>
          <Textarea
            label={t('admin.roleRequests.reason')}
            description={t('admin.roleRequests.reasonHint')}
            autosize
            minRows={3}
            maxLength={2000}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button color={approve ? 'teal' : 'red'} loading={decide.isPending} onClick={submit}>
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

export function RoleRequestsPage() {
  const { t } = useTranslation();
  const { data, error, isPending } = useRoleRequests();
  const [decision, setDecision] = useState<Decision | null>(null);

  let content;
  if (isPending) content = <PageLoader />;
  else if (error) content = <GeneralErrorBox error={error} />;
  else if (!data || data.length === 0)
    content = (
      <Card withBorder radius="md" py="xl">
        <EmptyState
          icon={<IconInbox size={28} />}
          withIndicatorBackground
          title={t('admin.roleRequests.emptyTitle')}
          description={t('admin.roleRequests.emptyText')}
        />
      </Card>
    );
  else
    content = (
      <Card withBorder radius="md" p={0}>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.roleRequests.name')}</Table.Th>
                <Table.Th>{t('admin.roleRequests.email')}</Table.Th>
                <Table.Th>{t('admin.roleRequests.role')}</Table.Th>
                <Table.Th>{t('admin.roleRequests.date')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('admin.roleRequests.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((request) => (
                <Table.Tr key={request.id}>
                  <Table.Td fw={500}>{request.name}</Table.Td>
                  <Table.Td>{request.email}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{t(`roles.${request.roleRequest.role}`)}</Badge>
                  </Table.Td>
                  <Table.Td>{formatTime(request.roleRequest.date)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        color="teal"
                        leftSection={<IconCheck size={14} />}
                        onClick={() => setDecision({ action: 'approve', request })}
                      >
                        {t('admin.roleRequests.approve')}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        leftSection={<IconX size={14} />}
                        onClick={() => setDecision({ action: 'reject', request })}
                      >
                        {t('admin.roleRequests.reject')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    );

  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={1} fz="h2">
            {t('admin.roleRequests.title')}
          </Title>
          <Text c="dimmed">{t('admin.roleRequests.subtitle')}</Text>
        </Stack>
        {content}
      </Stack>
      <DecisionModal decision={decision} onClose={() => setDecision(null)} />
    </Container>
  );
}
