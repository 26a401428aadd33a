import { checkImportFile, IMPORT_ACCEPT, IMPORT_MAX_BYTES, type ImportEntity, type ImportRowError } from '@app/shared/schemas/import';
import { Alert, Anchor, Button, Card, FileInput, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowBack, IconCircleCheck, IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { downloadSample, uploadImport, useImportJob } from '../api/import';
import { columnLabel, entityOfPath, isFinished, jobPercent, LIST_PATHS, rowErrorsOf } from '../lib/import-flow';

const MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;
/** Rows of the errors table shown at once (the server reports up to 1,000). */
const SHOWN_ERRORS = 200;

type Phase =
  | { name: 'choose' }
  | { name: 'uploading'; percent: number; jobId: string }
  | { name: 'processing'; jobId: string }
  | { name: 'done'; imported: number }
  | { name: 'invalid'; errors: ImportRowError[]; total: number; message: string };

/** `/management/import/{entity}`: sample download, file choice, upload and processing progress, result. */
export function ImportPage() {
  const { pathname } = useLocation();
  const entity = entityOfPath(pathname);
  return entity ? <ImportScreen key={entity} entity={entity} /> : null;
}

function ImportScreen({ entity }: { entity: ImportEntity }) {
  const { t } = useTranslation('import');
  const locale = useLocale();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'choose' });
  const [downloading, setDownloading] = useState<'xlsx' | 'csv' | null>(null);
  const running = phase.name === 'uploading' || phase.name === 'processing';
  const job = useImportJob(running ? phase.jobId : null, running);

  useEffect(() => {
    document.title = t(`entities.${entity}`);
  }, [entity, t]);

  const choose = (f: File | null) => {
    setFile(f);
    const problem = f ? checkImportFile(f) : null;
    setFileError(problem ? t(`fileErrors.${problem}`, { max: MAX_MB }) : null);
  };

  const sample = async (format: 'xlsx' | 'csv') => {
    setDownloading(format);
    try {
      await downloadSample(entity, format);
    } catch {
      // The error was shown as a toast.
    } finally {
      setDownloading(null);
    }
  };

  const start = async () => {
    if (!file || fileError) return;
    const jobId = crypto.randomUUID();
    setPhase({ name: 'uploading', percent: 0, jobId });
    try {
      const outcome = await uploadImport(entity, file, jobId, (percent) =>
        setPhase((p) => (p.name === 'uploading' ? (percent >= 100 ? { name: 'processing', jobId } : { ...p, percent }) : p)),
      );
      if (outcome.ok) setPhase({ name: 'done', imported: outcome.result.data.imported });
      else {
        const errors = rowErrorsOf(outcome.body);
        const fileProblem = outcome.body.errors?.file?.[0] ?? outcome.body.errors?.job_id?.[0];
        if (!outcome.body.rows && fileProblem) {
          setFileError(fileProblem);
          setPhase({ name: 'choose' });
        } else setPhase({ name: 'invalid', errors, total: outcome.body.error_count ?? errors.length, message: outcome.body.message });
      }
    } catch {
      setPhase({ name: 'choose' });
    }
  };

  const reset = () => {
    setFile(null);
    setFileError(null);
    setPhase({ name: 'choose' });
  };

  const live = job.data && !isFinished(job.data.status) ? job.data : null;
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const shown = phase.name === 'invalid' ? phase.errors.slice(0, SHOWN_ERRORS) : [];

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {t(`entities.${entity}`)}
          </Title>
          <Text c="dimmed" maw={640}>
            {t('subtitle')}
          </Text>
        </div>
        <Anchor component={Link} to={LIST_PATHS[entity]} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowBack size={16} />
            {t('back')}
          </Group>
        </Anchor>
      </Group>

      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Text fw={600}>{t('step1')}</Text>
          <Text size="sm" c="dimmed">
            {t('step1Hint')}
          </Text>
          <Group gap="sm">
            <Button variant="light" leftSection={<IconDownload size={16} />} loading={downloading === 'xlsx'} onClick={() => sample('xlsx')} data-testid="sample-xlsx">
              {t('sampleXlsx')}
            </Button>
            <Button variant="light" leftSection={<IconDownload size={16} />} loading={downloading === 'csv'} onClick={() => sample('csv')} data-testid="sample-csv">
              {t('sampleCsv')}
            </Button>
          </Group>
        </Stack>
      </Card>

      <Card withBorder padding="lg">
        <Stack gap="md">
          <div>
            <Text fw={600}>{t('step2')}</Text>
            <Text size="sm" c="dimmed">
              {t('step2Hint', { max: MAX_MB })}
            </Text>
          </div>
          {phase.name === 'choose' && (
            <>
              <FileInput
                label={t('chooseFile')}
                placeholder={t('choosePlaceholder')}
                accept={IMPORT_ACCEPT}
                value={file}
                onChange={choose}
                error={fileError}
                clearable
                leftSection={<IconFileSpreadsheet size={18} />}
                data-testid="import-file"
              />
              <Group>
                <Button leftSection={<IconUpload size={16} />} disabled={!file || Boolean(fileError)} onClick={start} data-testid="import-submit">
                  {t('upload')}
                </Button>
              </Group>
            </>
          )}

          {phase.name === 'uploading' && (
            <Stack gap={6} data-testid="import-uploading">
              <Text size="sm">{t('uploading', { percent: formatNumber(phase.percent, locale) })}</Text>
              <Progress value={phase.percent} animated aria-label={t('uploading', { percent: phase.percent })} />
            </Stack>
          )}

          {phase.name === 'processing' && (
            <Stack gap={6} data-testid="import-processing">
              <Text size="sm">
                {live
                  ? t(live.status === 'importing' ? 'importing' : 'validating', { done: formatNumber(live.processed_rows, locale), total: formatNumber(live.total_rows, locale) })
                  : t('processing')}
              </Text>
              <Progress value={live ? jobPercent(live) : 100} animated striped={!live} color={live?.status === 'importing' ? 'teal' : undefined} aria-label={t('processing')} />
            </Stack>
          )}

          {phase.name === 'done' && (
            <Alert color="teal" icon={<IconCircleCheck size={20} />} title={t('doneTitle')} data-testid="import-done">
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{t('doneBody', { n: formatNumber(phase.imported, locale) })}</Text>
                <Group gap="sm">
                  <Button component={Link} to={LIST_PATHS[entity]} size="xs">
                    {t('back')}
                  </Button>
                  <Button variant="default" size="xs" onClick={reset}>
                    {t('another')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}

          {phase.name === 'invalid' && (
            <Stack gap="sm" data-testid="import-invalid">
              <Alert color="red" icon={<IconAlertTriangle size={20} />} title={t('invalidTitle')}>
                <Text size="sm">{phase.message}</Text>
              </Alert>
              {isMobile ? <ErrorList entity={entity} errors={shown} /> : <ErrorTable entity={entity} errors={shown} />}
              {phase.total > Math.min(SHOWN_ERRORS, phase.errors.length) && (
                <Text size="sm" c="dimmed">
                  {t('moreErrors', { shown: formatNumber(Math.min(SHOWN_ERRORS, phase.errors.length), locale), total: formatNumber(phase.total, locale) })}
                </Text>
              )}
              <Group>
                <Button variant="default" onClick={reset} data-testid="import-again">
                  {t('another')}
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

type ErrorsProps = { entity: ImportEntity; errors: ImportRowError[] };

function useRowLabel() {
  const { t } = useTranslation('import');
  const locale = useLocale();
  return (row: number) => (row === 1 ? t('header') : row > 0 ? formatNumber(row, locale) : '—');
}

function ErrorTable({ entity, errors }: ErrorsProps) {
  const { t } = useTranslation('import');
  const locale = useLocale();
  const rowLabel = useRowLabel();
  return (
    <Table striped withTableBorder verticalSpacing="xs" data-testid="import-errors">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={110}>{t('row')}</Table.Th>
          <Table.Th w={200}>{t('column')}</Table.Th>
          <Table.Th>{t('problem')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {errors.map((e) => (
          <Table.Tr key={`${e.row}-${e.column}-${e.message}`}>
            <Table.Td>{rowLabel(e.row)}</Table.Td>
            <Table.Td>{columnLabel(entity, e.column, locale)}</Table.Td>
            <Table.Td>{e.message}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Narrow screens: one block per problem instead of a table too wide to read. */
function ErrorList({ entity, errors }: ErrorsProps) {
  const { t } = useTranslation('import');
  const locale = useLocale();
  const rowLabel = useRowLabel();
  return (
    <Stack gap={0} data-testid="import-errors">
      {errors.map((e) => (
        <Stack key={`${e.row}-${e.column}-${e.message}`} gap={2} py="xs" style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)' }}>
          <Text size="xs" c="dimmed">
            {t('row')} {rowLabel(e.row)} · {columnLabel(entity, e.column, locale)}
          </Text>
          <Text size="sm">{e.message}</Text>
        </Stack>
      ))}
    </Stack>
  );
}
