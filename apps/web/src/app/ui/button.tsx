import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { classNames } from './class-names';
import styles from './ui.module.css';

export type ButtonVariant = 'text' | 'outlined' | 'contained';
export type ButtonColour = 'primary' | 'inherit';
export type ControlSize = 'small' | 'medium' | 'large';

interface ButtonLookProps {
  /** `text` (the default), `outlined` or `contained`, as MUI's buttons. */
  variant?: ButtonVariant;
  color?: ButtonColour;
  size?: ControlSize;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  fullWidth?: boolean;
}

type ButtonElementProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'>;

export type ButtonProps = ButtonLookProps &
  ButtonElementProps & {
    /** A page of the app: the button is a router link to it. */
    to?: string;
    /** Another site: the button is a plain link to it. */
    href?: string;
    target?: string;
    rel?: string;
    ref?: Ref<HTMLButtonElement & HTMLAnchorElement>;
  };

function buttonClassName({ variant = 'text', color = 'primary', size = 'medium', fullWidth }: ButtonLookProps, className?: string) {
  return classNames(
    styles.button,
    styles[`button-${variant}`],
    styles[`button-${variant}-${color}`],
    size !== 'medium' && styles[`button-${size}`],
    fullWidth && styles.fullWidth,
    className,
  );
}

/**
 * A button that looks like the theme's MUI buttons, without MUI: a <button>, or a link when it
 * has `to` (a page of the app) or `href` (elsewhere), so it keeps the link's semantics.
 */
export function Button({ variant, color, size, startIcon, endIcon, fullWidth, to, href, target, rel, className, children, ref, ...rest }: ButtonProps) {
  const look = buttonClassName({ variant, color, size, fullWidth }, className);
  const content = (
    <>
      {startIcon && <span className={styles.startIcon}>{startIcon}</span>}
      {children}
      {endIcon && <span className={styles.endIcon}>{endIcon}</span>}
    </>
  );
  const { type = 'button', disabled, ...shared } = rest;
  if (to !== undefined) {
    return (
      <RouterLink to={to} className={look} ref={ref} target={target} rel={rel} {...(shared as object)}>
        {content}
      </RouterLink>
    );
  }
  if (href !== undefined) {
    return (
      <a href={href} className={look} ref={ref} target={target} rel={rel} {...(shared as object)}>
        {content}
      </a>
    );
  }
  return (
    <button type={type} disabled={disabled} className={look} ref={ref} {...shared}>
      {content}
    </button>
  );
}

export type IconButtonColour = 'default' | 'inherit' | 'primary';

export type IconButtonProps = ButtonElementProps & {
  /** What the button does: icon-only controls must say it. */
  'aria-label': string;
  /** `default` is the theme's active-action colour (white on the dark theme). */
  color?: IconButtonColour;
  size?: ControlSize;
  /** Pulls the button to the start or end edge of its row (as MUI's `edge`). */
  edge?: 'start' | 'end';
  ref?: Ref<HTMLButtonElement>;
};

/** A round, icon-only button like MUI's IconButton, without MUI. */
export function IconButton({ color = 'default', size = 'medium', edge, className, type = 'button', ref, ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      ref={ref}
      className={classNames(
        styles.iconButton,
        styles[`iconButton-${color}`],
        size !== 'medium' && styles[`iconButton-${size}`],
        edge && styles[`iconButton-edge-${edge}`],
        className,
      )}
      {...rest}
    />
  );
}
