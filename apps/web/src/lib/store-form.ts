import { zodResolver } from '@hookform/resolvers/zod';
import { STORE_MESSAGES, storeInputSchema, type StoreInput } from '@marketplace/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from './toast';

/** The server's refusals of a store's name (taken, or too like another's). */
export const isStoreNameRefusal = (english: string) =>
  english === STORE_MESSAGES.nameTaken || english === STORE_MESSAGES.nameLooksTaken;

/**
 * A store form's state, as opening the store and its settings share it: the fields on the shared
 * rules, and the form's own message for a refused save.
 */
export function useStoreForm(defaultValues: StoreInput) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<StoreInput, unknown, StoreInput>({
    resolver: zodResolver(storeInputSchema),
    defaultValues,
  });
  /** A refused save (`message` translated): in the form's alert, a toast, and on the name if it is the name's. */
  const refuse = (message: string, nameRefused: boolean) => {
    setFormError(message);
    if (nameRefused) setError('name', { message });
    toast.error(message);
  };
  return {
    register,
    handleSubmit,
    errors,
    formError,
    clearFormError: () => setFormError(null),
    refuse,
  };
}
