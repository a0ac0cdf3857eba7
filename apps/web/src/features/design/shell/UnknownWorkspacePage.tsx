import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import '../common/locales';

/** The fallback of an unknown object type, action or object (spec 2 §2). */
export function UnknownWorkspacePage() {
  const { t } = useTranslation();
  const { gameId = '' } = useParams();
  return (
    <Alert color="gray" variant="light" title={t('design.unknownPage')}>
      <Anchor component={Link} to={`/games/${gameId}`}>
        {t('design.goBack')}
      </Anchor>
    </Alert>
  );
}
