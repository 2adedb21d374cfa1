import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SUPPORT_CHAT_URL, SupportChat } from './support-chat';

describe('support chat', () => {
  it('is hidden unless configured', () => {
    expect(SUPPORT_CHAT_URL).toBeUndefined();
    const { container } = render(<SupportChat />);
    expect(container).toBeEmptyDOMElement();
  });

  it('opens the configured chat in a new tab', () => {
    render(<SupportChat url="https://chat.example.com/hookwall" />);
    const link = screen.getByRole('link', { name: 'Chat with support' });
    expect(link).toHaveAttribute('href', 'https://chat.example.com/hookwall');
    expect(link).toHaveAttribute('target', '_blank');
  });
});
