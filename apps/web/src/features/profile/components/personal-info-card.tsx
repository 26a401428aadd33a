import { Avatar, Button, Card, FileButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES } from '@app/shared/constants';
import { shrinkImage } from '@/lib/shrink-image';
import { updateProfileFields } from '@app/shared/schemas/auth';
import { messageFor } from '@app/shared/validation';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useUpdateProfile } from '../api/update-profile';

export function PersonalInfoCard() {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const user = useCurrentUser();
  const update = useUpdateProfile();
  const [photo, setPhoto] = useState<File | null>(null);
  const [removePhoto, setRemovePhoto] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const form = useForm({ initialValues: { name: user.name }, validate: (v) => zodErrors(updateProfileFields, v, locale) });

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const pick = async (picked: File | null) => {
    if (!picked) return;
    if (!(PROFILE_PHOTO_TYPES as readonly string[]).includes(picked.type)) return setPhotoError(messageFor('file_type', locale));
    // A phone photo over the limit is redrawn smaller here; the server still checks what arrives.
    const file = await shrinkImage(picked, { maxBytes: PROFILE_PHOTO_MAX_BYTES, maxSide: 1024, types: PROFILE_PHOTO_TYPES });
    if (file.size > PROFILE_PHOTO_MAX_BYTES) return setPhotoError(messageFor('file_too_large', locale, { max: 2 }));
    setPhotoError(null);
    setRemovePhoto(false);
    setPhoto(file);
  };

  const submit = form.onSubmit((v) =>
    update.mutate(
      { name: v.name.trim(), photo, removePhoto },
      {
        onSuccess: () => {
          setPhoto(null);
          setRemovePhoto(false);
        },
        onError: (e) => {
          applyServerErrors(form, e, ['name', 'photo']);
          if (form.errors.photo) setPhotoError(String(form.errors.photo));
        },
      },
    ),
  );
  const shown = removePhoto ? null : (preview ?? user.profile_photo);

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Title order={2} fz="lg" mb="md">
          {t('personal.title')}
        </Title>
        <Group align="center" gap="lg" mb="md" wrap="wrap">
          <Avatar src={shown} name={user.name} size={88} radius={44} color="brand" />
          <Stack gap={6}>
            <Group gap="xs">
              <FileButton onChange={(f) => void pick(f)} accept={PROFILE_PHOTO_TYPES.join(',')}>
                {(props) => (
                  <Button {...props} variant="light" leftSection={<IconPhoto size={16} />} data-testid="photo-upload">
                    {t('personal.choosePhoto')}
                  </Button>
                )}
              </FileButton>
              {shown && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => {
                    setPhoto(null);
                    setRemovePhoto(true);
                  }}
                >
                  {t('personal.removePhoto')}
                </Button>
              )}
            </Group>
            <Text fz="xs" c={photoError ? 'red' : 'dimmed'}>
              {photoError ?? t('personal.photoHint')}
            </Text>
          </Stack>
        </Group>
        <TextInput label={t('personal.name')} name="name" required maw={420} {...clearOnBlur(form, 'name', form.getInputProps('name'))} />
        <Button type="submit" mt="md" loading={update.isPending} data-testid="save-profile">
          {t('save')}
        </Button>
      </form>
    </Card>
  );
}
