/** The image field refuses a file the server would refuse before sending it, and hands an uploaded image's id on. */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api';
import { ImageUploadField } from './ImageUploadField';

vi.mock('../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const texts = { upload: 'Upload', replace: 'Replace', remove: 'Remove', tooLarge: 'Too large', notImage: 'Not an image' };

function field(onChange: (id: number | null) => unknown, url?: string) {
  render(
    <ImageUploadField
      url={url}
      onChange={onChange}
      alt="Logo"
      hint="PNG or SVG"
      preview={{ width: 96, height: 96, fit: 'cover' }}
      texts={texts}
      testId="image"
    />,
  );
  return screen.getByTestId('image').querySelector('input[type=file]') as HTMLInputElement;
}

describe('the image field', () => {
  it('refuses a file that is not an image without a request', async () => {
    const calls = mockApi(() => ({ data: { items: [{ id: 7 }] } }));
    const onChange = vi.fn();
    const input = field(onChange);
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Not an image');
    expect(calls).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uploads an image and hands its id on; remove hands on null', async () => {
    mockApi(() => ({ data: { items: [{ id: 7 }] } }));
    const onChange = vi.fn();
    const input = field(onChange, '/api/v1/images/3');
    fireEvent.change(input, { target: { files: [new File(['x'], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(7));
    fireEvent.click(screen.getByText('Remove'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(null));
  });
});
