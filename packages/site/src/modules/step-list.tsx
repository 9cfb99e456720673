/**
 * An ordered list of steps: the ones before `step` are done, `step` itself is done when
 * `completed` and current otherwise, and `aria-current="step"` marks it while `marked`.
 *
 * @example <StepList className="deposit-steps" label={t('steps')} names={names} step={1} completed={false} />
 */
export function StepList({ className, label, names, step, completed, marked = true, dataSteps }: { className: string; label: string; names: readonly string[]; step: number; completed: boolean; marked?: boolean; dataSteps?: string }) {
  return (
    <ol className={className} aria-label={label} data-steps={dataSteps}>
      {names.map((name, index) => (
        <li key={name} className={index < step || (index === step && completed) ? 'done' : index === step ? 'current' : ''} aria-current={index === step && marked ? 'step' : undefined}>
          {name}
        </li>
      ))}
    </ol>
  );
}
