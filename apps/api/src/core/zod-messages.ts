import { z } from 'zod';

/** DRF's wording for the common validation failures, so clients built for the original keep working. */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type') {
      if (issue.input === undefined) return 'This field is required.';
      if (issue.input === null) return 'This field may not be null.';
      if (issue.expected === 'string') return 'Not a valid string.';
      if (issue.expected === 'number' || issue.expected === 'int') return 'A valid number is required.';
      if (issue.expected === 'boolean') return 'Must be a valid boolean.';
      if (issue.expected === 'array') return 'Expected a list of items.';
      if (issue.expected === 'object') return 'Expected an object.';
      return undefined;
    }
    if (issue.code === 'too_small' && issue.origin === 'string') {
      return Number(issue.minimum) <= 1
        ? 'This field may not be blank.'
        : `Ensure this field has at least ${issue.minimum} characters.`;
    }
    if (issue.code === 'too_big' && issue.origin === 'string') return `Ensure this field has no more than ${issue.maximum} characters.`;
    if (issue.code === 'too_small' && issue.origin === 'number') return `Ensure this value is greater than or equal to ${issue.minimum}.`;
    if (issue.code === 'too_big' && issue.origin === 'number') return `Ensure this value is less than or equal to ${issue.maximum}.`;
    if (issue.code === 'too_small' && issue.origin === 'array') return `Ensure this field has at least ${issue.minimum} elements.`;
    if (issue.code === 'too_big' && issue.origin === 'array') return `Ensure this field has no more than ${issue.maximum} elements.`;
    if (issue.code === 'invalid_format' && issue.format === 'email') return 'Enter a valid email address.';
    if (issue.code === 'invalid_format' && issue.format === 'uuid') return 'Must be a valid UUID.';
    if (issue.code === 'invalid_format' && issue.format === 'url') return 'Enter a valid URL.';
    if (issue.code === 'invalid_value') {
      const values = (issue.values ?? []) as unknown[];
      return `"${String(issue.input)}" is not a valid choice.${values.length ? ` Choose one of: ${values.join(', ')}.` : ''}`;
    }
    return undefined;
  },
});
