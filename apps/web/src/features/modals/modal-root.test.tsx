import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toast, TOAST_LIMIT, TOAST_REMOVE_DELAY } from '@/components/ui/use-toast';
import { TOAST_DURATION } from '@/components/ui/toast';
import { modalOpened } from '@/app/ui-slice';
import { renderWithStore } from '@/test/render';
import { ModalRoot } from './modal-root';

describe('modal system', () => {
  it('opens the modal named in app state and closes it when closeable', async () => {
    const { store } = await renderWithStore(<ModalRoot />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(modalOpened({ name: 'createTeamModal' }));
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent('Create a new team');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().ui.modal).toEqual({ name: null, isOpen: false, isCloseable: true });
  });

  it('a not-closeable modal stays open and shows the destructive Action required toast', async () => {
    const { store } = await renderWithStore(<ModalRoot />);
    act(() => {
      store.dispatch(modalOpened({ name: 'subscriptionRequiredModal', isCloseable: false }));
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Subscription required to make videos');
    expect(dialog).toHaveTextContent("You're welcome to look around, but you'll need to subscribe to make videos.");
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('Action required')).toBeInTheDocument();
    expect(screen.getByText('You must complete this action before continuing.')).toBeInTheDocument();
    expect(screen.getByText('Action required').closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(store.getState().ui.modal.isOpen).toBe(true);
  });

  it('the blocked toast title and description can be overridden per dialog', async () => {
    const { store } = await renderWithStore(<ModalRoot />);
    act(() => {
      store.dispatch(modalOpened({ name: 'createTeamModal', isCloseable: false, blockedTitle: 'Create a team first', blockedDescription: 'You need a team.' }));
    });
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Create a team first')).toBeInTheDocument();
    expect(screen.getByText('You need a team.')).toBeInTheDocument();
  });
});

describe('toasts', () => {
  it('keeps one toast at a time, lasting 5000 ms, removed 1,000,000 ms after dismissal', async () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION).toBe(5000);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    await renderWithStore(<div />);
    act(() => {
      toast({ title: 'First' });
      toast({ variant: 'success', title: 'Second' });
    });
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.queryByText('First')).not.toBeInTheDocument();
  });

  it.each(['default', 'destructive', 'success', 'info'] as const)('renders the %s variant', async (variant) => {
    await renderWithStore(<div />);
    act(() => {
      toast({ variant, title: `A ${variant} toast` });
    });
    expect((await screen.findByText(`A ${variant} toast`)).closest('[data-variant]')).toHaveAttribute('data-variant', variant);
  });
});
