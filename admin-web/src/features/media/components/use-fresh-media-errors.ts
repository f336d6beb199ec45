import { useEffect } from 'react';
import { useErrorStore } from '../../../core/errors/error-store-context';

/** A dialog opens without the media errors of what came before it. */
export function useFreshMediaErrors() {
  const errors = useErrorStore();
  useEffect(() => errors.clear('media'), [errors]);
}
