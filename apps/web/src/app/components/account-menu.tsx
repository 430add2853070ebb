import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import TvOutlined from '@mui/icons-material/TvOutlined';
import VideoLibraryOutlined from '@mui/icons-material/VideoLibraryOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';
import { useSignOut } from '../session/use-sign-out';
import { useAppSelector } from '../state';

export interface AccountMenuProps {
  id: string;
  anchorEl: HTMLElement;
  open: boolean;
  onClose: () => void;
}

/**
 * The signed-in user's menu under their initial in the app bar: who is signed in, Account, the
 * admin console for those with an admin role, the publisher studio for users of a publisher, Sign out.
 */
export function AccountMenu({ id, anchorEl, open, onClose }: AccountMenuProps) {
  const { t } = useTranslation();
  const user = useAppSelector((state) => state.user);
  const signOut = useSignOut();
  return (
    <Menu
      id={id}
      anchorEl={anchorEl}
      open={open && user !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 220, maxWidth: 320 } } }}
    >
      {user && (
        <li role="presentation">
          <Typography component="p" sx={{ px: 2, pt: 1, fontWeight: 700 }} noWrap>
            {user.name}
          </Typography>
          <Typography component="p" variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }} noWrap>
            {user.email}
          </Typography>
        </li>
      )}
      <Divider component="li" />
      <MenuItem component={RouterLink} to={paths.account.href()} onClick={onClose}>
        <ListItemIcon>
          <ManageAccountsOutlined fontSize="small" />
        </ListItemIcon>
        {t('account.menu.account')}
      </MenuItem>
      <MenuItem component={RouterLink} to={paths.devices.href()} onClick={onClose}>
        <ListItemIcon>
          <TvOutlined fontSize="small" />
        </ListItemIcon>
        {t('account.menu.devices')}
      </MenuItem>
      {user?.adminRole !== null && user?.adminRole !== undefined && (
        <MenuItem component={RouterLink} to={paths.admin.href()} onClick={onClose}>
          <ListItemIcon>
            <AdminPanelSettingsOutlined fontSize="small" />
          </ListItemIcon>
          {t('account.menu.admin')}
        </MenuItem>
      )}
      {user !== null && user.publishers.length > 0 && (
        <MenuItem component={RouterLink} to={paths.manage.href()} onClick={onClose}>
          <ListItemIcon>
            <VideoLibraryOutlined fontSize="small" />
          </ListItemIcon>
          {t('account.menu.studio')}
        </MenuItem>
      )}
      {user && user.vendors.length > 0 && (
        <MenuItem component={RouterLink} to={paths.vendor.href()} onClick={onClose}>
          <ListItemIcon>
            <KeyOutlined fontSize="small" />
          </ListItemIcon>
          {t('account.menu.vendor')}
        </MenuItem>
      )}
      <MenuItem
        onClick={() => {
          onClose();
          void signOut();
        }}
      >
        <ListItemIcon>
          <LogoutRounded fontSize="small" />
        </ListItemIcon>
        {t('account.menu.signOut')}
      </MenuItem>
    </Menu>
  );
}
