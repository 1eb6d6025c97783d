// The renderer's antd Form. A submit whose check a newer one overtook (a click on Save while the
// last keystroke's check still runs: antd rejects it as `outOfDate`, with no errors) would reach
// onFinishFailed and be dropped; this Form submits it again on the current values, for every form
// at once. Lint keeps antd's own Form out of the renderer (eslint.config.mjs).
import { Form as AntForm } from 'antd';
import { resubmitWhenOvertaken } from './form-errors';

/** antd's Form props, children and ref included. */
type AntFormProps<Values> = Parameters<typeof AntForm<Values>>[0];

function LabForm<Values = unknown>({ onFinishFailed, ...props }: AntFormProps<Values>) {
  // The caller's instance when it passes one (antd's useForm returns it), else the form's own.
  const [form] = AntForm.useForm<Values>(props.form);
  const resubmit = resubmitWhenOvertaken(form);
  return (
    <AntForm<Values>
      {...props}
      form={form}
      onFinishFailed={(info) => {
        onFinishFailed?.(info);
        resubmit(info);
      }}
    />
  );
}

export const Form = Object.assign(LabForm, {
  Item: AntForm.Item,
  List: AntForm.List,
  ErrorList: AntForm.ErrorList,
  Provider: AntForm.Provider,
  useForm: AntForm.useForm,
  useWatch: AntForm.useWatch,
  useFormInstance: AntForm.useFormInstance,
});
