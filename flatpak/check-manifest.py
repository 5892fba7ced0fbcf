#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Lints the Flatpak extension manifest, which cannot be built here.

    check-manifest.py MANIFEST MESON_OPTIONS METAINFO

Checks what GIMP's extension point and flatpak-builder need: an extension
of org.gimp.GIMP's branch 3 with the AppStream entry's id, built with the
SDK of GIMP 3.2's Flatpak, installed under /app/extensions/<name> with the
plug-in in plug-ins/ (GIMP's Flatpak merges plug-ins/ and scripts/ of every
extension) and COPYING in share/licenses/<id>/, archives pinned by sha256,
and meson options that meson_options.txt declares.
"""

import json
import re
import sys
import xml.etree.ElementTree as ElementTree

EXTENSION_POINT = 'org.gimp.GIMP.Plugin.'
SDK = 'org.gnome.Sdk//50'
LICENCE_INSTALL = ('install -Dm644 -t "${FLATPAK_DEST}/share/licenses/${FLATPAK_ID}" '
                   '"${FLATPAK_BUILDER_BUILDDIR}/COPYING"')


def problems_of_header(manifest, metainfo_id):
    name = manifest['id'].removeprefix(EXTENSION_POINT)
    expected = {
        'id': metainfo_id,
        'branch': '3',
        'runtime': 'org.gimp.GIMP',
        'build-extension': True,
        'sdk': SDK,
    }
    found = [f'{key} is {manifest.get(key)!r}, not {value!r}'
             for key, value in expected.items() if manifest.get(key) != value]
    prefix = manifest.get('build-options', {}).get('prefix')
    if prefix != f'/app/extensions/{name}':
        found.append(f'prefix {prefix!r} is not /app/extensions/{name}')
    return found


def problems_of_sources(module):
    found = []
    for source in module.get('sources', []):
        if source['type'] not in ('archive', 'file'):
            continue
        if not source.get('url', '').startswith('https://'):
            found.append(f'{module["name"]}: {source.get("url")!r} is not https')
        if not re.fullmatch(r'[0-9a-f]{64}', source.get('sha256', '')):
            found.append(f'{module["name"]}: no sha256 for {source.get("url")!r}')
    return found


def problems_of_meson_module(module, prefix, declared_options):
    options = dict(opt[2:].split('=', 1) for opt in module.get('config-opts', [])
                   if opt.startswith('-D'))
    found = [f'{module["name"]}: -D{name} is no option of meson_options.txt'
             for name in options if name not in declared_options]
    if options.get('plugin_dir') != f'{prefix}/plug-ins':
        found.append(f'{module["name"]}: plugin_dir is not {prefix}/plug-ins')
    if not options.get('gegl_op_dir', '').startswith(prefix + '/'):
        found.append(f'{module["name"]}: gegl_op_dir is outside {prefix}')
    if LICENCE_INSTALL not in module.get('post-install', []):
        found.append(f'{module["name"]}: no post-install puts COPYING into share/licenses/')
    return found


def main(manifest_path, options_path, metainfo_path):
    with open(manifest_path, encoding='utf-8') as file:
        manifest = json.load(file)
    with open(options_path, encoding='utf-8') as file:
        declared_options = set(re.findall(r"option\('([^']+)'", file.read()))
    metainfo_id = ElementTree.parse(metainfo_path).getroot().findtext('id')

    found = problems_of_header(manifest, metainfo_id)
    prefix = manifest['build-options']['prefix']
    meson_modules = [m for m in manifest['modules'] if m.get('buildsystem') == 'meson']
    if len(meson_modules) != 1 or manifest['modules'][-1] not in meson_modules:
        found.append('the last module, and only it, must be the meson project')
    for module in manifest['modules']:
        found += problems_of_sources(module)
    for module in meson_modules:
        found += problems_of_meson_module(module, prefix, declared_options)

    for problem in found:
        print(f'{manifest_path}: {problem}', file=sys.stderr)
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main(*sys.argv[1:]))
