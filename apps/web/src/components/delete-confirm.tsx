import { closeAfterWrite } from '@/lib/refusal';
import { ConfirmDialog } from './confirm-dialog';

/** A delete mutation taking the record's id (see `useDeleteMutation`). */
export type DeleteMutation = {
  isPending: boolean;
  mutate: (id: string, callbacks: ReturnType<typeof closeAfterWrite>) => void;
};

type DeleteConfirmProps<T extends { uuid: string }> = {
  /** The record to delete; the dialog is open while there is one. */
  item: T | null;
  onClose: () => void;
  remove: DeleteMutation;
  title: string;
  message: string;
  confirmLabel: string;
};

/** Asks before deleting a record; the dialog closes when the delete settles, a refusal shows as a toast. */
export function DeleteConfirm<T extends { uuid: string }>({ item, onClose, remove, title, message, confirmLabel }: DeleteConfirmProps<T>) {
  return (
    <ConfirmDialog
      opened={item !== null}
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      loading={remove.isPending}
      onConfirm={() => item && remove.mutate(item.uuid, closeAfterWrite(onClose))}
      onClose={onClose}
    />
  );
}
