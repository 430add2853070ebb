import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useLastPresent } from '../hooks/use-last-present';
import { appActions, useAppDispatch, useAppSelector } from '../state';

/** The generic dialog any screen can open with appActions.showModal({ title, content, actions }). */
export function ModalDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const modal = useAppSelector((state) => state.modal);
  const shown = useLastPresent(modal);
  const close = () => dispatch(appActions.closeModal());
  const actions = shown?.actions?.length ? shown.actions : [{ label: t('common.close') }];
  return (
    <Dialog open={modal !== null} onClose={close} aria-labelledby="app-modal-title" maxWidth="sm" fullWidth>
      <DialogTitle id="app-modal-title">{shown?.title}</DialogTitle>
      <DialogContent>{shown?.content}</DialogContent>
      <DialogActions>
        {actions.map((action, index) => (
          <Button
            key={action.label}
            variant={index === actions.length - 1 ? 'contained' : 'text'}
            onClick={() => {
              action.onSelect?.();
              close();
            }}
          >
            {action.label}
          </Button>
        ))}
      </DialogActions>
    </Dialog>
  );
}
