import { useTranslation } from '../i18n/use-translation.ts';
import { ApiError, genericErrorMessageKey } from '../api/api-error.ts';
import { revivedError } from '../app/form-action.ts';

// The message of a failed form submission: the API's own detail when it has one, the SPEC §8
// generic message otherwise, plus the failing fields of a 422. `error` is an ApiError or a route
// action's failure (web/app/form-action.ts).
export function FormError(props: { error: unknown; overrides?: Record<number, string> }) {
  const { t } = useTranslation();
  if (!props.error) return null;
  const revived = revivedError(props.error);
  const error = revived instanceof ApiError ? revived : new ApiError(0);
  const override = props.overrides?.[error.status];
  return (
    <div className="form-error" role="alert" data-testid="form-error">
      <p>{override ? t(override) : t(genericErrorMessageKey(error.status))}</p>
      {error.problem.detail && !override ? <p className="muted">{error.problem.detail}</p> : null}
      {error.problem.errors?.length ? (
        <ul>{error.problem.errors.map((item) => <li key={item.field}><code>{item.field}</code>: {item.message}</li>)}</ul>
      ) : null}
    </div>
  );
}
