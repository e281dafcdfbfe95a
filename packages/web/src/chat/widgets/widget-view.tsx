/**
 * A parsed widget drawn with the components of its family modules. The root decides the one
 * special case of SPEC W4: images alone render as a single image or a horizontal group.
 */
import type { WidgetNode } from '@skilldock/core/widgets';
import type { ReactNode } from 'react';
import { WidgetMessageButton } from './button';
import { WidgetChart } from './chart';
import {
  WidgetDatePicker,
  WidgetForm,
  WidgetInput,
  WidgetRadioGroup,
  WidgetSubmitButton,
  WidgetTextarea,
} from './form';
import { WidgetImage, WidgetImageGroup } from './image';
import { WidgetCard, WidgetCol, WidgetDivider, WidgetRow, WidgetSpacer } from './layout';
import { WidgetBadge, WidgetCaption, WidgetIconNode, WidgetText, WidgetTitle } from './text';

const renderChildren = (children: readonly WidgetNode[]) =>
  // biome-ignore lint/suspicious/noArrayIndexKey: a widget's children never reorder
  children.map((child, index) => <WidgetNodeView key={index} node={child} />);

/** One node and everything under it. */
export function WidgetNodeView({ node }: { readonly node: WidgetNode }): ReactNode {
  switch (node.type) {
    case 'Card':
      return <WidgetCard node={node}>{renderChildren(node.children)}</WidgetCard>;
    case 'Row':
      return <WidgetRow node={node}>{renderChildren(node.children)}</WidgetRow>;
    case 'Col':
      return <WidgetCol node={node}>{renderChildren(node.children)}</WidgetCol>;
    case 'Spacer':
      return <WidgetSpacer node={node} />;
    case 'Divider':
      return <WidgetDivider node={node} />;
    case 'Title':
      return <WidgetTitle node={node} />;
    case 'Text':
      return <WidgetText node={node} />;
    case 'Caption':
      return <WidgetCaption node={node} />;
    case 'Badge':
      return <WidgetBadge node={node} />;
    case 'Icon':
      return <WidgetIconNode node={node} />;
    case 'Image':
      return <WidgetImage node={node} />;
    case 'Button':
      return node.submit === true ? <WidgetSubmitButton node={node} /> : <WidgetMessageButton node={node} />;
    case 'Form':
      return <WidgetForm node={node} renderNode={(child) => <WidgetNodeView node={child} />} />;
    case 'Input':
      return <WidgetInput node={node} />;
    case 'Textarea':
      return <WidgetTextarea node={node} />;
    case 'RadioGroup':
      return <WidgetRadioGroup node={node} />;
    case 'DatePicker':
      return <WidgetDatePicker node={node} />;
    case 'BarChart':
    case 'LineChart':
      return <WidgetChart node={node} />;
  }
}

/** A whole widget: images alone as an image or a group, anything else as its tree. */
export function WidgetView({ widget }: { readonly widget: WidgetNode }) {
  if (widget.type === 'Image') return <WidgetImage node={widget} alone />;
  if (widget.type === 'Row' && widget.children.every((child) => child.type === 'Image'))
    return <WidgetImageGroup images={widget.children.filter((child) => child.type === 'Image')} />;
  return <WidgetNodeView node={widget} />;
}
