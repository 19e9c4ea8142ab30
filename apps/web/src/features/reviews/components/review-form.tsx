import { zodResolver } from '@hookform/resolvers/zod';
import {
  EMPTY_REVIEW_FORM,
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_MESSAGES,
  reviewFormSchema,
  type Review,
  type ReviewFormValues,
} from '@marketplace/shared';
import { useEffect, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../i18n/i18n-context';
import { useCreateReview } from '../api/create-review';
import { useUpdateReview } from '../api/update-review';
import { FitPicker } from './fit-picker';
import { StarRatingInput } from './star-rating-input';

interface ReviewFormProps {
  itemId: number;
  /** Edit mode (spec 4): the form starts from this review and its button reads 'Update Review'. */
  review?: Review;
  /** After a successful submit or update. */
  onSaved?: () => void;
  onCancel?: () => void;
}

const emptyValues = (): ReviewFormValues => ({ ...EMPTY_REVIEW_FORM });

/** A refusal the server explains (already reviewed, invalid input) is worth showing as is. */
function failureDetail(error: unknown): string | null {
  // The server's reason when it is about this review: invalid (400), a product no longer listed
  // (404), already reviewed (409), or the day's review limit (429).
  return error instanceof ApiError && [400, 404, 409, 429].includes(error.status)
    ? (error.serverMessage ?? null)
    : null;
}

export function ReviewForm({ itemId, review, onSaved, onCancel }: ReviewFormProps) {
  const { t } = useI18n();
  const editing = review !== undefined;
  const id = useId();
  const create = useCreateReview(itemId);
  const update = useUpdateReview(itemId);
  const [failure, setFailure] = useState<string | null>(null);
  const submitting = create.isPending || update.isPending;

  const {
    control,
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<ReviewFormValues, unknown, ReviewFormValues>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: review
      ? { rating: review.rating, fitScore: review.fitScore, comment: review.comment }
      : emptyValues(),
  });

  // Edit opens the form away from the review that was clicked: take the keyboard there too.
  useEffect(() => {
    if (editing) setFocus('comment');
  }, [editing, setFocus]);

  const succeeded = (message: string) => {
    toast.success(t(message));
    // Spec 4: rating 0, fit 3, empty comment after every success.
    reset(emptyValues());
    onSaved?.();
  };

  const failed = (error: unknown) => {
    setFailure(t(failureDetail(error) ?? REVIEW_MESSAGES.submitFailed));
    toast.error(t(REVIEW_MESSAGES.submitFailed));
  };

  const onValid = (values: ReviewFormValues) => {
    setFailure(null);
    if (review) {
      update.mutate(
        { reviewId: review.reviewId, ...values },
        { onSuccess: () => succeeded(REVIEW_MESSAGES.updated), onError: failed },
      );
    } else {
      create.mutate(values, {
        onSuccess: () => succeeded(REVIEW_MESSAGES.submitted),
        onError: failed,
      });
    }
  };

  const commentId = `${id}-comment`;
  const commentErrorId = `${commentId}-error`;
  const title = editing ? t('Edit your review') : t('Write a review');

  return (
    <Form
      noValidate
      className="review-form"
      aria-label={title}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
    >
      <h3 className="review-form__title">{title}</h3>

      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <StarRatingInput
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={errors.rating?.message && t(errors.rating.message)}
            disabled={submitting}
          />
        )}
      />

      <Controller
        control={control}
        name="fitScore"
        render={({ field }) => (
          <FitPicker
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={errors.fitScore?.message && t(errors.fitScore.message)}
            disabled={submitting}
          />
        )}
      />

      <Form.Group className="review-form__comment" controlId={commentId}>
        <Form.Label>{t('Your review')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          placeholder={t(REVIEW_MESSAGES.placeholder)}
          maxLength={REVIEW_COMMENT_MAX_LENGTH}
          isInvalid={Boolean(errors.comment)}
          aria-describedby={errors.comment ? commentErrorId : undefined}
          disabled={submitting}
          {...register('comment')}
        />
        {errors.comment && (
          <Form.Control.Feedback type="invalid" id={commentErrorId}>
            {errors.comment.message && t(errors.comment.message)}
          </Form.Control.Feedback>
        )}
      </Form.Group>

      {failure && (
        <Alert variant="danger" className="py-2" role="alert">
          {failure}
        </Alert>
      )}

      <div className="review-form__actions">
        <Button type="submit" variant="primary" disabled={submitting}>
          {submitting
            ? editing
              ? t('Updating…')
              : t('Submitting…')
            : editing
              ? t(REVIEW_MESSAGES.update)
              : t('Submit Review')}
        </Button>
        {editing && (
          <Button
            type="button"
            variant="outline-primary"
            onClick={() => {
              reset(emptyValues());
              onCancel?.();
            }}
            disabled={submitting}
          >
            {t('Cancel')}
          </Button>
        )}
      </div>
    </Form>
  );
}
