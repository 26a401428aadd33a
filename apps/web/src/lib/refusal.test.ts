import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { closeAfterWrite, refusalMessage, toastRejected } from './refusal';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

describe('refused writes', () => {
  beforeEach(() => show.mockClear());

  it('reads the first field message of a 422, else its message, and nothing of other failures', () => {
    expect(refusalMessage(new ApiError(422, { message: 'Invalid' }, { branch: 'The branch is in use.' }))).toBe('The branch is in use.');
    expect(refusalMessage(new ApiError(422, { message: 'Already installed' }))).toBe('Already installed');
    expect(refusalMessage(new ApiError(403, { message: 'Forbidden' }))).toBeNull();
    expect(refusalMessage(new Error('boom'))).toBeNull();
  });

  it('toasts a refusal in red and says so; other failures are left to the API client', () => {
    expect(toastRejected(new ApiError(422, { message: 'Role in use' }))).toBe(true);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Role in use', color: 'red' }));
    show.mockClear();
    expect(toastRejected(new ApiError(500, { message: 'Server error' }))).toBe(false);
    expect(show).not.toHaveBeenCalled();
  });

  it('closes the dialog when the write settles and toasts a refusal', () => {
    const close = vi.fn();
    const callbacks = closeAfterWrite(close);
    callbacks.onError(new ApiError(422, { message: 'No' }));
    callbacks.onSettled();
    expect(show).toHaveBeenCalledOnce();
    expect(close).toHaveBeenCalledOnce();
  });
});
